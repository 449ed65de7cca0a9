'use client';

import { useRef } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { errorAt, fieldId, numberOrUndefined } from '@/components/dispatch/new/field';
import type { CreateDispatchFormInput, CreateDispatchFormOutput } from '@/lib/dispatch/shared/create-dispatch-form-schema';
import { format } from '@/components/platform/i18n/messages';
import type { NewDispatchText } from '@/components/platform/i18n/messages/new-dispatch';
import styles from './order-items.module.css';

type DispatchForm = UseFormReturn<CreateDispatchFormInput, unknown, CreateDispatchFormOutput>;

/** The order's items (`vendor_payload.order_details`): a row per item, added and removed at will. */
export function OrderItems({ form, t }: { form: DispatchForm; t: NewDispatchText }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'vendor_payload.order_details' });
  const addButtonRef = useRef<HTMLButtonElement>(null);

  const columns = [
    { key: 'item_name.en-us', label: t.itemNameEn, type: 'text' },
    { key: 'item_name.ar-sa', label: t.itemNameAr, type: 'text' },
    { key: 'count', label: t.itemCount, type: 'number' },
    { key: 'price', label: t.itemPrice, type: 'number' },
  ] as const;

  return (
    <fieldset className={styles.items}>
      <legend className={styles.itemsLegend}>{t.items}</legend>
      {fields.length === 0 ? (
        <p className="muted">{t.noItems}</p>
      ) : (
        <div className={styles.itemsTable}>
          <div className={styles.itemsHead} aria-hidden="true">
            {columns.map((column) => (
              <span key={column.key}>{column.label}</span>
            ))}
            <span />
          </div>
          {fields.map((field, index) => (
            <div key={field.id} role="group" aria-label={format(t.itemRow, { n: index + 1 })} className={styles.itemRow}>
              {columns.map((column) => {
                const name = `vendor_payload.order_details.${index}.${column.key}` as const;
                const id = fieldId(name);
                const error = errorAt(errors, name, column.type === 'number' ? t.enterNumber : undefined);
                return (
                  <div key={column.key} className={styles.itemCell}>
                    <label htmlFor={id} className={styles.itemLabel}>
                      {format(t.itemField, { n: index + 1, field: column.label })}
                    </label>
                    <input
                      id={id}
                      className="input"
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      {...(column.type === 'number'
                        ? {
                            type: 'number',
                            inputMode: 'decimal' as const,
                            step: 'any',
                            min: column.key === 'count' ? 1 : 0,
                            dir: 'ltr',
                            ...register(name, { setValueAs: numberOrUndefined }),
                          }
                        : { type: 'text', autoComplete: 'off', dir: column.key === 'item_name.ar-sa' ? 'rtl' : 'auto', ...register(name) })}
                    />
                    {error ? (
                      <p id={`${id}-error`} className="field__error">
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              })}
              <div className={styles.itemCell}>
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  aria-label={format(t.removeItemLabel, { n: index + 1 })}
                  onClick={() => {
                    remove(index);
                    addButtonRef.current?.focus();
                  }}
                >
                  {t.removeItem}
                </button>
              </div>
            </div>
          ))}
        </div>
      )}
      <div>
        <button
          ref={addButtonRef}
          type="button"
          className="btn btn--small"
          onClick={() => append({ item_name: { 'en-us': '', 'ar-sa': '' }, count: 1 })}
        >
          {t.addItem}
        </button>
      </div>
    </fieldset>
  );
}

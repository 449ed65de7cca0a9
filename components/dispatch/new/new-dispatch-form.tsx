'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { blankToUndefined, errorAt, fieldId, NumberInput, numberOrUndefined } from '@/components/dispatch/new/field';
import { Field } from '@/components/platform/ui/field';
import { OrderItems } from '@/components/dispatch/new/order-items';
import { roundCoordinate, type EstimateSummary, type ShownQuote } from '@/components/dispatch/new/estimate-panel';
import { RouteSection } from '@/components/dispatch/new/route-section';
import { TimingSection } from '@/components/dispatch/new/timing-section';
import { estimateKeys } from '@/components/pricing/estimates/queries';
import { useToast } from '@/components/platform/ui/toast';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import type { AccountProfile } from '@/lib/accounts/server/get-account-profile';
import type { Branch } from '@/lib/accounts/shared/branches/schemas';
import { ApiClientError, apiFetch } from '@/components/platform/client/api-fetch';
import {
  createDispatchFormSchema,
  formFieldOf,
  type CreateDispatchFormInput,
  type CreateDispatchFormOutput,
} from '@/lib/dispatch/shared/create-dispatch-form-schema';
import { PAYMENT_TYPES } from '@/lib/dispatch/shared/schemas';
import { toMajor, toMinor } from '@/lib/pricing/shared/tariff';
import { fieldErrorsOf } from '@/components/platform/client/field-errors';
import { format, messagesFor } from '@/components/platform/i18n/messages';
import type { Locale } from '@/components/platform/i18n/locale';
import { vendorControlMessages } from '@/components/platform/i18n/messages/vendor-control';
import { parseApiTimestamp } from '@/components/platform/i18n/format-time';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { NewDispatchText } from '@/components/platform/i18n/messages/new-dispatch';
import { isIsoCurrency } from '@/lib/platform/shared/validation/primitives';
import styles from './new-dispatch.module.css';

export interface NewDispatchFormProps {
  t: NewDispatchText;
  common: CommonText;
  /** The account's branches; the first is preselected. */
  branches: Branch[];
  account: AccountProfile;
  /** Made on the server (random values would differ between the server render and hydration). */
  suggestions: { customerId: string; vendorOid: string };
  tileUrl: string | null;
  tileAttribution: string;
  /** The page's language; read from `t` when not given. */
  locale: Locale;
}

/** A quote this close to its expiry is not sent: the create would arrive after it. */
const QUOTE_MARGIN_MS = 30_000;

type FormPath = FieldPath<CreateDispatchFormInput>;

/**
 * The New dispatch form: validated in the browser by the API's own schema, sent to
 * POST /api/staff/dispatches, and the API's 400 shown on the fields it names.
 */
/** 128 random bits as hex; `crypto.randomUUID` exists only on HTTPS or localhost pages. */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function NewDispatchForm({ t, common, branches, account, suggestions, tileUrl, tileAttribution, locale }: NewDispatchFormProps) {
  const vc = messagesFor(vendorControlMessages, locale);
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isCreated, setIsCreated] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);

  const firstBranch = branches[0];
  const schema = useMemo(() => createDispatchFormSchema({ currency: account.currency }), [account.currency]);
  const form = useForm<CreateDispatchFormInput, unknown, CreateDispatchFormOutput>({
    resolver: localizedZodResolver(schema),
    // Focus goes to the first invalid field in page order, opening a collapsed section if need be.
    shouldFocusError: false,
    defaultValues: {
      vendor_bid: firstBranch?.vendor_bid ?? '',
      pickup: firstBranch ? { ...firstBranch.pickup } : {},
      destination: {},
      user_metadata: { id: suggestions.customerId, email: '', phone: '' },
      vendor_id: account.id,
      vendor_name: { 'en-us': account.name, 'ar-sa': '' },
      vendor_oid: suggestions.vendorOid,
      vendor_payload: { currency: account.currency, order_details: [] },
      ready: { mode: 'now' },
      contactless: false,
    },
  });
  const {
    register,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;

  // Set when a submit failed: the next render that shows an invalid field moves focus to the first
  // one. (react-hook-form renders its errors after calling the invalid-submit callback.)
  const isFocusPendingRef = useRef(false);
  const requestFocus = () => {
    isFocusPendingRef.current = true;
    setFocusRequest((n) => n + 1);
  };
  useEffect(() => {
    if (!isFocusPendingRef.current) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    isFocusPendingRef.current = false;
    const collapsed = invalid.closest('details');
    if (collapsed && !collapsed.open) collapsed.open = true;
    invalid.focus();
  }, [focusRequest, errors]);

  const showServerErrors = (error: ApiClientError) => {
    const unplaced: string[] = [];
    let placed = 0;
    if (error.code === 'duplicate_vendor_oid') {
      setError('vendor_oid', { type: 'server', message: t.duplicateVendorOid });
      placed++;
    } else if (error.code.startsWith('quote_')) {
      // Expired, used or for another route: the estimate is asked again, and the staff see the new price before sending.
      shownQuote.current = null;
      void queryClient.invalidateQueries({ queryKey: estimateKeys.all });
      unplaced.push(vc.quoteStale);
    } else {
      const readyMode = form.getValues('ready.mode');
      for (const [path, message] of Object.entries(fieldErrorsOf(error.message))) {
        const field = formFieldOf(path, readyMode);
        // Only fields this form shows can carry the message; the rest is said above the button.
        const isShown = path !== '' && formRef.current?.querySelector(`[name="${CSS.escape(field)}"]`);
        if (isShown) {
          setError(field as FormPath, { type: 'server', message });
          placed++;
        } else {
          unplaced.push(path ? `${path}: ${message}` : message);
        }
      }
    }
    setFormError(
      error.code.startsWith('quote_') ? vc.quoteStale : unplaced.length > 0 ? format(t.submitFailed, { detail: unplaced.join('; ') }) : null,
    );
    if (placed > 0) requestFocus();
  };

  // The estimate on show: its quote is sent with the create while the pins are where it was
  // asked for, so the price shown is the price charged.
  const shownQuote = useRef<ShownQuote | null>(null);
  const onQuote = useCallback((quote: ShownQuote | null) => {
    shownQuote.current = quote;
  }, []);
  // The estimate's total as the panel shows it: the create bar repeats it beside the button.
  const [summary, setSummary] = useState<EstimateSummary>({ total: null, isUpdating: false });
  const quoteIdFor = (body: CreateDispatchFormOutput): string | undefined => {
    const quote = shownQuote.current;
    if (!quote) return undefined;
    const samePoint = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => roundCoordinate(a.lat) === b.lat && roundCoordinate(a.lng) === b.lng;
    const isSameRoute = samePoint(body.pickup, quote.input.pickup) && samePoint(body.destination, quote.input.destination);
    const isFresh = parseApiTimestamp(quote.estimate.quote_expires_at).getTime() - Date.now() > QUOTE_MARGIN_MS;
    return isSameRoute && isFresh ? quote.estimate.quote_id : undefined;
  };

  const idempotency = useRef<{ bodyJson: string; key: string } | null>(null);
  const createDispatch = async (values: CreateDispatchFormOutput) => {
    setFormError(null);
    const quoteId = quoteIdFor(values);
    const body = quoteId ? { ...values, quote_id: quoteId } : values;
    // The same body sent again (a retry after a lost answer) carries the same Idempotency-Key,
    // so it cannot create a second dispatch; a changed body gets a new key.
    const bodyJson = JSON.stringify(body);
    if (idempotency.current?.bodyJson !== bodyJson) idempotency.current = { bodyJson, key: randomKey() };
    try {
      const { data } = await apiFetch<{ data: { id: string } }>('/api/staff/dispatches', {
        method: 'POST',
        body,
        headers: { 'idempotency-key': idempotency.current.key },
      });
      setIsCreated(true);
      void queryClient.invalidateQueries({ queryKey: ['dispatches'] });
      // A quote is good for one dispatch: the next form asks for its own.
      queryClient.removeQueries({ queryKey: estimateKeys.all });
      toast(t.created, 'success');
      router.push(`/dispatches/${encodeURIComponent(data.id)}`);
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 400) {
        showServerErrors(error);
      } else if (error instanceof ApiClientError && error.code === 'network_error') {
        setFormError(format(t.submitFailed, { detail: common.errorOffline }));
      } else {
        setFormError(format(t.submitFailed, { detail: error instanceof Error ? error.message : String(error) }));
      }
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(createDispatch, requestFocus)(event);

  const [orderDetails, orderCurrency, orderPrice] = useWatch({
    control,
    name: ['vendor_payload.order_details', 'vendor_payload.currency', 'vendor_payload.order_price'],
  });
  const itemsTotal = itemsTotalOf(orderDetails, orderCurrency && isIsoCurrency(orderCurrency) ? orderCurrency : account.currency);
  const setOptions = { shouldDirty: true, shouldValidate: isSubmitted };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className={styles.form} aria-describedby={formError ? 'new-dispatch-error' : undefined}>
      <RouteSection
        form={form}
        t={t}
        common={common}
        branches={branches}
        currency={account.currency}
        tileUrl={tileUrl}
        tileAttribution={tileAttribution}
        locale={locale}
        vc={vc}
        onQuote={onQuote}
        onSummary={setSummary}
      />

      <TimingSection form={form} t={t} vc={vc} currency={account.currency} />

      <section className="card stack" aria-labelledby="customer-title">
        <h2 id="customer-title">{t.sectionCustomer}</h2>
        <div className={styles.fieldGrid}>
          <Field id={fieldId('user_metadata.firstName')} label={t.firstName} error={errorAt(errors, 'user_metadata.firstName')}>
            {(aria) => (
              <input className="input" autoComplete="off" {...aria} {...register('user_metadata.firstName', { setValueAs: blankToUndefined })} />
            )}
          </Field>
          <Field id={fieldId('user_metadata.lastName')} label={t.lastName} error={errorAt(errors, 'user_metadata.lastName')}>
            {(aria) => (
              <input className="input" autoComplete="off" {...aria} {...register('user_metadata.lastName', { setValueAs: blankToUndefined })} />
            )}
          </Field>
          <Field id={fieldId('user_metadata.phone')} label={t.phone} error={errorAt(errors, 'user_metadata.phone')}>
            {(aria) => <input type="tel" dir="ltr" className="input" autoComplete="off" {...aria} {...register('user_metadata.phone')} />}
          </Field>
          <Field id={fieldId('user_metadata.email')} label={t.email} error={errorAt(errors, 'user_metadata.email')}>
            {(aria) => <input type="email" dir="ltr" className="input" autoComplete="off" {...aria} {...register('user_metadata.email')} />}
          </Field>
          <Field id={fieldId('user_metadata.id')} label={t.customerId} hint={t.customerIdHint} error={errorAt(errors, 'user_metadata.id')}>
            {(aria) => <input dir="ltr" className="input" autoComplete="off" {...aria} {...register('user_metadata.id')} />}
          </Field>
        </div>
      </section>

      <section className="card stack" aria-labelledby="order-title">
        <h2 id="order-title">{t.sectionOrder}</h2>
        <div className={styles.fieldGrid}>
          <Field id={fieldId('vendor_oid')} label={t.vendorOid} hint={t.vendorOidHint} error={errorAt(errors, 'vendor_oid')}>
            {(aria) => <input dir="ltr" className="input" autoComplete="off" {...aria} {...register('vendor_oid')} />}
          </Field>
          <Field id={fieldId('vendor_payload.payment_type')} label={t.paymentType} error={errorAt(errors, 'vendor_payload.payment_type')}>
            {(aria) => (
              <select className="select" {...aria} {...register('vendor_payload.payment_type', { setValueAs: blankToUndefined })}>
                <option value="">{t.paymentNone}</option>
                {PAYMENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t[`payment_${type}`]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id={fieldId('vendor_payload.order_price')}
            label={t.orderPrice}
            error={errorAt(errors, 'vendor_payload.order_price', t.enterNumber)}
            hint={
              itemsTotal !== null && itemsTotal !== orderPrice ? (
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => setValue('vendor_payload.order_price', itemsTotal, setOptions)}
                >
                  {format(t.useItemsTotal, { total: itemsTotal })}
                </button>
              ) : undefined
            }
          >
            {(aria) => (
              <NumberInput min={0} {...aria} {...register('vendor_payload.order_price', { setValueAs: numberOrUndefined })} />
            )}
          </Field>
          <Field id={fieldId('vendor_payload.currency')} label={t.currency} error={errorAt(errors, 'vendor_payload.currency')}>
            {(aria) => (
              <input
                dir="ltr"
                className="input"
                maxLength={3}
                autoCapitalize="characters"
                autoComplete="off"
                {...aria}
                {...register('vendor_payload.currency', { setValueAs: (value: unknown) => upperCase(blankToUndefined(value)) })}
              />
            )}
          </Field>
          <Field
            id={fieldId('vendor_payload.pickup_wait_time')}
            label={t.pickupWaitTime}
            hint={t.pickupWaitTimeHint}
            error={errorAt(errors, 'vendor_payload.pickup_wait_time', t.enterNumber)}
          >
            {(aria) => (
              <NumberInput whole min={0} {...aria} {...register('vendor_payload.pickup_wait_time', { setValueAs: numberOrUndefined })} />
            )}
          </Field>
        </div>
        <OrderItems form={form} t={t} />
      </section>

      <details className={`card ${styles.restaurant}`}>
        <summary className={styles.restaurantSummary}>{t.sectionRestaurant}</summary>
        <div className={styles.fieldGrid}>
          <Field id={fieldId('vendor_id')} label={t.vendorId} error={errorAt(errors, 'vendor_id')}>
            {(aria) => <input dir="ltr" className="input" autoComplete="off" {...aria} {...register('vendor_id')} />}
          </Field>
          <Field id={fieldId('vendor_name.en-us')} label={t.vendorNameEn} error={errorAt(errors, 'vendor_name.en-us')}>
            {(aria) => <input className="input" autoComplete="off" {...aria} {...register('vendor_name.en-us')} />}
          </Field>
          <Field id={fieldId('vendor_name.ar-sa')} label={t.vendorNameAr} error={errorAt(errors, 'vendor_name.ar-sa')}>
            {(aria) => <input dir="rtl" className="input" autoComplete="off" {...aria} {...register('vendor_name.ar-sa')} />}
          </Field>
        </div>
      </details>

      {formError ? (
        <p id="new-dispatch-error" role="alert" className="alert alert--error" data-testid="new-dispatch-error">
          {formError}
        </p>
      ) : null}
      {/* The price and the one submit button together: a bar kept at the bottom of a phone's screen (see the CSS). */}
      <div className={styles.actions} data-testid="create-bar">
        <p className={styles.summary} data-stale={(summary.total !== null && summary.isUpdating) || undefined}>
          <span className={styles.summaryLabel}>{t.totalPrice}</span>{' '}
          <span className={styles.summaryTotal} data-testid="summary-total">
            {summary.total ?? t.summaryNoEstimate}
          </span>
        </p>
        <button type="submit" className="btn btn--primary" disabled={isSubmitting || isCreated}>
          {isSubmitting || isCreated ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}

function upperCase(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toUpperCase() : value;
}

/** Count × price over the items that have a price, in the currency's decimals; null when none has. */
function itemsTotalOf(items: CreateDispatchFormInput['vendor_payload']['order_details'] | undefined, currency: string): number | null {
  const priced = (items ?? []).filter((item) => typeof item.price === 'number' && Number.isFinite(item.price));
  if (priced.length === 0) return null;
  const total = priced.reduce((sum, item) => sum + (Number.isFinite(item.count) ? (item.count ?? 1) : 1) * item.price!, 0);
  return toMajor(toMinor(total, currency), currency);
}

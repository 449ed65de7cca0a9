'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useWatch, type UseFormSetError } from 'react-hook-form';
import type { AccountDetail, TariffView } from '@/lib/accounts/shared/schemas';
import { ApiClientError } from '@/components/platform/client/api-fetch';
import { currencyExponent, formatMoney } from '@/lib/pricing/shared/tariff';
import { fieldErrorsOf } from '@/components/platform/client/field-errors';
import { format } from '@/components/platform/i18n/messages';
import { Field } from '@/components/platform/ui/field';
import { FormPanel } from '@/components/platform/ui/panel';
import { useApiForm } from '@/components/platform/ui/use-api-form';
import { useToast } from '@/components/platform/ui/toast';
import styles from '@/components/platform/ui/ui.module.css';
import type { AccountCardProps } from './account-detail';
import { accountKeys, accountApi } from './queries';

/** The form shows amounts in major units (12.50) and VAT in percent; the API takes minor units and basis points. */
interface TariffForm {
  currency: string;
  base_fare: string;
  per_km: string;
  min_fare: string;
  vat_percent: string;
}

const AMOUNT_FIELDS = [
  ['base_fare', 'base_fare_minor'],
  ['per_km', 'per_km_minor'],
  ['min_fare', 'min_fare_minor'],
] as const;

/** An amount kept left to right inside a sentence of either direction (`12.50 SAR`, not `SAR 12.50`). */
function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** Decimal places of a currency code, or 2 while the code typed is not one yet. */
function exponentOf(currency: string): number {
  try {
    return currencyExponent(currency);
  } catch {
    return 2;
  }
}

function toForm(tariff: TariffView): TariffForm {
  const digits = exponentOf(tariff.currency);
  const major = (minor: number) => (minor / 10 ** digits).toFixed(digits);
  return {
    currency: tariff.currency,
    base_fare: major(tariff.base_fare_minor),
    per_km: major(tariff.per_km_minor),
    min_fare: major(tariff.min_fare_minor),
    vat_percent: String(tariff.vat_rate_bps / 100),
  };
}

/** A decimal string scaled to an integer (`'12.5'`, 2 → 1250), or NaN when it is not a plain decimal number. */
function scaled(value: string, digits: number): number {
  const text = value.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return Number.NaN;
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > digits && /[1-9]/.test(fraction.slice(digits))) return Number.NaN;
  return Number(whole) * 10 ** digits + Number(fraction.slice(0, digits).padEnd(digits, '0') || '0');
}

/** The API's field names in a 400 refusal, and the form's field each one lands on. */
const FORM_FIELD: Record<string, keyof TariffForm> = {
  currency: 'currency',
  base_fare_minor: 'base_fare',
  per_km_minor: 'per_km',
  min_fare_minor: 'min_fare',
  vat_rate_bps: 'vat_percent',
};

/** Shows a 400's messages on the form's fields (the API names them in minor units); false when it names none. */
function placeTariffErrors(error: unknown, setError: UseFormSetError<TariffForm>): boolean {
  const fields = error instanceof ApiClientError && error.status === 400 ? fieldErrorsOf(error.message) : {};
  let isPlaced = false;
  for (const [apiField, message] of Object.entries(fields)) {
    const field = FORM_FIELD[apiField];
    if (!field) continue;
    setError(field, { message }, { shouldFocus: !isPlaced });
    isPlaced = true;
  }
  return isPlaced;
}

/** The account's tariff: view and edit; validated by the API's tariff schema. */
export function TariffCard({ accountId, account, t, common }: AccountCardProps & { account: AccountDetail }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const api = useApiForm<TariffForm>({
    values: toForm(account.tariff),
    fields: [],
    common,
    submit: async (values, { setError, reset }) => {
      const code = values.currency.trim().toUpperCase();
      const places = exponentOf(code);
      const input = {
        currency: code,
        base_fare_minor: scaled(values.base_fare, places),
        per_km_minor: scaled(values.per_km, places),
        min_fare_minor: scaled(values.min_fare, places),
        vat_rate_bps: scaled(values.vat_percent, 2),
      };
      // A number the form cannot read is refused here, in the API's words, before any request.
      let isInvalid = false;
      for (const [field, apiField] of [...AMOUNT_FIELDS, ['vat_percent', 'vat_rate_bps'] as const]) {
        if (Number.isNaN(input[apiField])) {
          setError(field, { message: format(t.amountHint, { currency: code, digits: field === 'vat_percent' ? 2 : places }) }, { shouldFocus: !isInvalid });
          isInvalid = true;
        }
      }
      if (isInvalid) return;
      try {
        const saved = await accountApi.updateTariff(accountId, input);
        reset(toForm(saved));
        queryClient.setQueryData(accountKeys.detail(accountId), (current: AccountDetail | undefined) => current && { ...current, tariff: saved });
        toast(t.savedTariffToast, 'success');
      } catch (error) {
        if (!placeTariffErrors(error, setError)) throw error;
      }
    },
  });
  const { form } = api;
  const { register } = form;
  const { errors } = form.formState;
  const currency = (useWatch({ control: form.control, name: 'currency' }) ?? '').trim().toUpperCase();
  const digits = exponentOf(currency);

  const amountHint = format(t.amountHint, { currency: currency || '—', digits });
  const step = digits === 0 ? '1' : `0.${'0'.repeat(digits - 1)}1`;
  return (
    <FormPanel api={api} heading={{ headingId: 'tariff-heading', title: t.tariffHeading, intro: t.tariffIntro }} testId="account-tariff" submitLabel={t.saveTariff} pendingLabel={t.saving} isDirtyOnly>
      <div className={styles.formGrid}>
        <Field id="tariff-currency" label={t.currency} hint={t.currencyHint} error={errors.currency?.message}>
          {(aria) => <input {...aria} className="input mono" dir="ltr" autoComplete="off" maxLength={3} {...register('currency')} />}
        </Field>
        <Field id="tariff-base" label={t.baseFare} hint={amountHint} error={errors.base_fare?.message}>
          {(aria) => <input {...aria} className="input" dir="ltr" type="number" inputMode="decimal" min={0} step={step} {...register('base_fare')} />}
        </Field>
        <Field id="tariff-per-km" label={t.perKm} hint={amountHint} error={errors.per_km?.message}>
          {(aria) => <input {...aria} className="input" dir="ltr" type="number" inputMode="decimal" min={0} step={step} {...register('per_km')} />}
        </Field>
        <Field id="tariff-minimum" label={t.minimum} hint={amountHint} error={errors.min_fare?.message}>
          {(aria) => <input {...aria} className="input" dir="ltr" type="number" inputMode="decimal" min={0} step={step} {...register('min_fare')} />}
        </Field>
        <Field id="tariff-vat" label={t.vat} error={errors.vat_percent?.message}>
          {(aria) => <input {...aria} className="input" dir="ltr" type="number" inputMode="decimal" min={0} max={100} step="0.01" {...register('vat_percent')} />}
        </Field>
      </div>
      <p className="muted" data-testid="tariff-summary">
        {format(t.tariffSummary, {
          base: isolate(formatMoney(account.tariff.base_fare_minor, account.tariff.currency)),
          perKm: isolate(formatMoney(account.tariff.per_km_minor, account.tariff.currency)),
          minimum: isolate(formatMoney(account.tariff.min_fare_minor, account.tariff.currency)),
          vat: account.tariff.vat_rate_bps / 100,
        })}
      </p>
    </FormPanel>
  );
}

'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { randomStrongPin } from '@/lib/platform/shared/auth/pin-policy';
import type { AdminDriver } from '@/lib/fleet/shared/drivers/schemas';
import { SetDriverSignInBodySchema, type DriverSignInView, type SignInLinkView } from '@/lib/fleet/shared/drivers/driver-sign-in-schemas';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { formatTime } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { AdminFleetText } from '@/components/platform/i18n/messages/admin-fleet';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import { CopyButton } from '@/components/platform/ui/copy-button';
import { Field } from '@/components/platform/ui/field';
import { FormFailure } from '@/components/platform/ui/form-failure';
import { FormPanel, Panel } from '@/components/platform/ui/panel';
import { errorText } from '@/components/platform/ui/query-error';
import { useApiForm } from '@/components/platform/ui/use-api-form';
import { useToast } from '@/components/platform/ui/toast';
import fleetStyles from './fleet.module.css';
import { PHONE_EXAMPLE } from './phone-example';
import { driverKeys, driverQueries, fleetApi } from './queries';
import { LtrText } from '@/components/platform/ui/ltr-text';

interface SignInForm {
  phone: string;
  pin: string;
}

/**
 * The driver's sign-in to the driver app: phone and PIN (set or replaced; replacing signs the
 * driver out everywhere), and a one-time sign-in link shown as a QR code for the driver's phone
 * to scan, with the link to copy. Sandbox drivers are the simulator's and get none.
 */
export function DriverSignInCard({ driver, t, common, locale }: { driver: AdminDriver; t: AdminFleetText; common: CommonText; locale: Locale }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const signIn = useQuery({ ...driverQueries.signIn(driver.id), enabled: !driver.sandbox_account });
  const current = signIn.data ?? null;
  const [link, setLink] = useState<SignInLinkView | null>(null);
  // A suggested PIN is random (lib/platform/shared/auth/pin-policy.ts) and shown, so the admin can tell it to the driver.
  const [isPinSuggested, setPinSuggested] = useState(false);

  const api = useApiForm<SignInForm>({
    resolver: localizedZodResolver(SetDriverSignInBodySchema) as never,
    values: { phone: current?.phone ?? driver.phone ?? '', pin: '' },
    resetOptions: { keepDirtyValues: true },
    fields: ['phone', 'pin'],
    common,
    submit: async (values, { reset }) => {
      const saved = await fleetApi.setSignIn(driver.id, values);
      // Not keepDirtyValues (the form's option for a sign-in read later): the PIN box empties.
      reset({ phone: saved.phone, pin: '' }, { keepDirtyValues: false });
      setPinSuggested(false);
      queryClient.setQueryData<DriverSignInView | null>(driverKeys.signIn(driver.id), saved);
      toast(current ? t.replacedSignInToast : t.savedSignInToast, 'success');
      // A replaced sign-in voids the links shown before.
      setLink(null);
    },
  });
  const makeLink = useMutation({
    mutationFn: () => fleetApi.createSignInLink(driver.id),
    onSuccess: async (made) => {
      setLink(made);
      // A driver without a sign-in got one (with their record's phone).
      await queryClient.invalidateQueries({ queryKey: driverKeys.signIn(driver.id) });
    },
  });

  if (driver.sandbox_account) {
    return (
      <Panel headingId="driver-sign-in-heading" title={t.signInHeading} testId="driver-sign-in">
        <p className="muted">{t.signInSandbox}</p>
      </Panel>
    );
  }
  const { register } = api.form;
  const suggestPin = () => {
    api.form.setValue('pin', randomStrongPin(6, api.form.getValues('phone')), { shouldDirty: true, shouldValidate: true });
    setPinSuggested(true);
  };
  const { errors } = api.form.formState;
  return (
    <FormPanel
      api={api}
      heading={{ headingId: 'driver-sign-in-heading', title: t.signInHeading, intro: t.signInIntro }}
      submitLabel={current ? t.replaceSignIn : t.saveSignIn}
      pendingLabel={t.saving}
      testId="driver-sign-in"
      extraActions={
        <button type="button" className="btn" onClick={() => makeLink.mutate()} disabled={makeLink.isPending} data-testid="show-sign-in-qr">
          {makeLink.isPending ? t.makingQr : t.showQr}
        </button>
      }
    >
      <p className={current ? undefined : 'muted'} data-testid="driver-sign-in-status">
        {current ? (
          <WithPhone template={t.signInPhoneIs} phone={current.phone} />
        ) : signIn.isPending ? (
          '…'
        ) : (
          t.signInNone
        )}
      </p>
      <div className="grid-2">
        <Field id="sign-in-phone" label={t.signInPhone} hint={<WithPhone template={t.signInPhoneHint} phone={PHONE_EXAMPLE} />} error={errors.phone?.message}>
          {(aria) => <input {...aria} className="input" type="tel" dir="ltr" autoComplete="off" {...register('phone')} />}
        </Field>
        <Field id="sign-in-pin" label={t.signInPin} hint={t.signInPinHint} error={errors.pin?.message}>
          {(aria) => (
            <div className="row">
              <input
                {...aria}
                className="input"
                type={isPinSuggested ? 'text' : 'password'}
                inputMode="numeric"
                dir="ltr"
                autoComplete="new-password"
                {...register('pin', { onChange: () => setPinSuggested(false) })}
              />
              <button type="button" className="btn" onClick={suggestPin} data-testid="suggest-pin">
                {t.suggestPin}
              </button>
            </div>
          )}
        </Field>
      </div>
      <FormFailure message={makeLink.isError ? errorText(makeLink.error, common) : null} />
      {link ? <SignInQr link={link} t={t} locale={locale} onHide={() => setLink(null)} /> : null}
    </FormPanel>
  );
}

/** The link as a QR code (an SVG drawn from the qrcode package's modules, loaded on demand) and as text to copy. */
function SignInQr({ link, t, locale, onHide }: { link: SignInLinkView; t: AdminFleetText; locale: Locale; onHide: () => void }) {
  const qr = useQuery({
    queryKey: driverKeys.signInQr(link.url),
    queryFn: async () => {
      const { create } = await import('qrcode');
      return qrPath(create(link.url, { errorCorrectionLevel: 'M' }).modules);
    },
    staleTime: Infinity,
  });
  return (
    <div className={`stack ${fleetStyles.signInQr}`} data-testid="sign-in-link">
      <h3>{t.qrHeading}</h3>
      <p className="field__hint">{format(t.qrHint, { time: formatTime(link.expires_at, locale) })}</p>
      {qr.data ? (
        <svg
          role="img"
          aria-label={t.qrLabel}
          viewBox={`0 0 ${qr.data.size} ${qr.data.size}`}
          className={fleetStyles.qr}
          shapeRendering="crispEdges"
          data-testid="sign-in-qr"
        >
          <rect width={qr.data.size} height={qr.data.size} fill="#fff" />
          <path d={qr.data.path} fill="#000" />
        </svg>
      ) : null}
      <div className="field">
        <label htmlFor="sign-in-url">{t.qrUrl}</label>
        <input id="sign-in-url" className="input" dir="ltr" readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} data-testid="sign-in-url" />
        <span className="row">
          <CopyButton value={link.url} labels={t} />
          <button type="button" className="btn btn--small" onClick={onHide}>
            {t.hideQr}
          </button>
        </span>
      </div>
    </div>
  );
}

/** A sentence with a phone number in it (`{phone}`), the number kept left to right in Arabic too. */
function WithPhone({ template, phone }: { template: string; phone: string }) {
  const [before = '', after = ''] = template.split('{phone}');
  return (
    <>
      {before}
      <LtrText>{phone}</LtrText>
      {after}
    </>
  );
}

/** Modules around the symbol left light, as the QR standard asks, so phone cameras find its edges. */
const QUIET_ZONE = 4;

/** The dark modules of a QR symbol as one SVG path, one unit per module. */
function qrPath(modules: { size: number; get: (row: number, col: number) => number }): { size: number; path: string } {
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path };
}

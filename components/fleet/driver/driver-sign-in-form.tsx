'use client';

import type { ComponentProps } from 'react';
import { ApiClientError } from '@/components/platform/client/api-fetch';
import type { DriverText } from '@/components/platform/i18n/messages/driver';
import { driverFetch } from './driver-fetch';
import { useDriverSignIn } from './earlier-session';
import { driverReturnPath } from './return-path';
import styles from './driver.module.css';
import { LtrText } from '@/components/platform/ui/ltr-text';
import { FormFailure } from '@/components/platform/ui/form-failure';

/** The phone format the hint shows (international, as drivers are registered). */
const PHONE_EXAMPLE = '+966 50 000 0001';

/** Phone and PIN, typed on a phone keypad: `inputmode` brings up the right keyboard. */
export function DriverSignInForm({ t, next, notice }: { t: DriverText; next: string | null; notice?: string }) {
  const { failure, isBusy, signIn } = useDriverSignIn({ waiting: t.earlierSignOutWaiting, initialFailure: notice ?? null });
  const [before = '', after = ''] = t.phoneHint.split('{example}');

  return (
    <form
      className={styles.stack}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        void signIn({
          signedIn: null,
          post: () => driverFetch('/api/session', { method: 'POST', body: { phone: String(form.get('phone') ?? ''), pin: String(form.get('pin') ?? '') } }),
          // A full load: the app starts clean for this driver.
          to: driverReturnPath(next),
          failureText: (error) => (error instanceof ApiClientError ? error.message : String(error)),
        });
      }}
    >
      <FormFailure message={failure} testId="sign-in-error" />
      <SignInField name="phone" label={t.phone} type="tel" inputMode="tel" autoComplete="tel" maxLength={40} aria-describedby="phone-hint">
        <p id="phone-hint" className="field__hint">
          {before}
          <LtrText>{PHONE_EXAMPLE}</LtrText>
          {after}
        </p>
      </SignInField>
      <SignInField name="pin" label={t.pin} type="password" inputMode="numeric" autoComplete="current-password" pattern="[0-9]*" maxLength={12} />
      <button type="submit" className={`btn btn--primary ${styles.big}`} disabled={isBusy}>
        {isBusy ? t.signingIn : t.signIn}
      </button>
    </form>
  );
}

/** A field of the form, typed on a phone's keypad: large, required, left to right in either language; `children` under it. */
function SignInField({ name, label, children, ...input }: ComponentProps<'input'> & { name: string; label: string }) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input id={name} name={name} dir="ltr" required className={`input ${styles.bigInput}`} {...input} />
      {children}
    </div>
  );
}

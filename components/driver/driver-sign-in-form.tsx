'use client';

import { ApiClientError } from '@/components/client/api-fetch';
import type { DriverText } from '@/components/i18n/messages/driver';
import { driverFetch } from './driver-fetch';
import { useDriverSignIn } from './earlier-session';
import { driverReturnPath } from './return-path';
import styles from './driver.module.css';
import { LtrText } from '@/components/ui/ltr-text';
import { FormFailure } from '@/components/ui/form-failure';

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
      <div className="field">
        <label htmlFor="phone">{t.phone}</label>
        <input
          id="phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          required
          maxLength={40}
          className={`input ${styles.bigInput}`}
          aria-describedby="phone-hint"
        />
        <p id="phone-hint" className="field__hint">
          {before}
          <LtrText>{PHONE_EXAMPLE}</LtrText>
          {after}
        </p>
      </div>
      <div className="field">
        <label htmlFor="pin">{t.pin}</label>
        <input
          id="pin"
          name="pin"
          type="password"
          inputMode="numeric"
          autoComplete="current-password"
          pattern="[0-9]*"
          dir="ltr"
          required
          maxLength={12}
          className={`input ${styles.bigInput}`}
        />
      </div>
      <button type="submit" className={`btn btn--primary ${styles.big}`} disabled={isBusy}>
        {isBusy ? t.signingIn : t.signIn}
      </button>
    </form>
  );
}

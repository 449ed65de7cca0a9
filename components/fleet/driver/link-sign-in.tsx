'use client';

import { ApiClientError } from '@/components/platform/client/api-fetch';
import type { DriverText } from '@/components/platform/i18n/messages/driver';
import { driverFetch } from './driver-fetch';
import { useDriverSignIn } from './earlier-session';
import styles from './driver.module.css';
import { FormFailure } from '@/components/platform/ui/form-failure';

/**
 * A one-time sign-in link: opening it changes nothing (link previews and mail scanners fetch
 * links too); the driver's tap on the button spends it, after ending the session the phone still
 * holds (`signedIn`), its queued updates sent first.
 */
export function LinkSignIn({ token, t, signedIn }: { token: string; t: DriverText; signedIn: { driverId: string | null } | null }) {
  const { failure, isBusy, signIn } = useDriverSignIn({ waiting: t.earlierSignOutWaiting });
  return (
    <div className={styles.stack}>
      <FormFailure message={failure} testId="link-error" />
      <button
        type="button"
        className={`btn btn--primary ${styles.big}`}
        disabled={isBusy}
        onClick={() =>
          void signIn({
            signedIn,
            post: () => driverFetch('/api/session/link', { method: 'POST', body: { token } }),
            // A full load: the app starts clean for this driver.
            to: '/driver',
            failureText: (error) =>
              error instanceof ApiClientError && error.code === 'link_invalid' ? t.linkInvalid : error instanceof Error ? error.message : String(error),
          })
        }
      >
        {isBusy ? t.signingIn : t.linkButton}
      </button>
      <a href="/driver/login" className={styles.back}>
        {t.linkOtherWay}
      </a>
    </div>
  );
}

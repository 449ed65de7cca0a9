'use client';

import { useState } from 'react';
import { ApiClientError } from '@/components/client/api-fetch';
import type { DriverText } from '@/components/i18n/messages/driver';
import { driverFetch } from './driver-fetch';
import { endEarlierSession, useFinishLeftSignOut } from './earlier-session';
import styles from './driver.module.css';

/**
 * A one-time sign-in link: opening it changes nothing (link previews and mail scanners fetch
 * links too); the driver's tap on the button spends it, after ending the session the phone still
 * holds (`signedIn`), its queued updates sent first.
 */
export function LinkSignIn({ token, t, signedIn }: { token: string; t: DriverText; signedIn: { driverId: string | null } | null }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  useFinishLeftSignOut();
  return (
    <div className={styles.stack}>
      {failure ? (
        <p role="alert" className="alert alert--error" data-testid="link-error">
          {failure}
        </p>
      ) : null}
      <button
        type="button"
        className={`btn btn--primary ${styles.big}`}
        disabled={isBusy}
        onClick={async () => {
          setIsBusy(true);
          setFailure(null);
          try {
            if (!(await endEarlierSession(signedIn))) {
              setFailure(t.earlierSignOutWaiting);
              setIsBusy(false);
              return;
            }
            await driverFetch('/api/session/link', { method: 'POST', body: { token } });
            // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load: the app starts clean for this driver
            window.location.assign('/driver');
          } catch (error) {
            setFailure(error instanceof ApiClientError && error.code === 'link_invalid' ? t.linkInvalid : error instanceof Error ? error.message : String(error));
            setIsBusy(false);
          }
        }}
      >
        {isBusy ? t.signingIn : t.linkButton}
      </button>
      <a href="/driver/login" className={styles.back}>
        {t.linkOtherWay}
      </a>
    </div>
  );
}

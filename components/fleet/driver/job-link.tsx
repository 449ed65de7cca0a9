'use client';

import type { ReactNode } from 'react';
import { DriverLink } from './driver-link';
import styles from './driver.module.css';

/**
 * A job in one of the driver's lists (the home screen's, a trip's drop-offs): its title and state,
 * its number and where it goes (`place`, null once that is no longer shown), and a note while a
 * change of it waits for signal.
 */
export function JobLink({
  job,
  title,
  stateLabel,
  place,
  pendingNote,
}: {
  job: { id: string; r_id: string };
  title: ReactNode;
  stateLabel: string;
  place: string | null;
  pendingNote: string | null;
}) {
  return (
    <DriverLink href={`/driver/jobs/${encodeURIComponent(job.id)}`} className={styles.jobLink} testId="job-link">
      <span className={styles.jobTop}>
        <strong>{title}</strong>
        <span className="badge" data-testid="job-state">
          {stateLabel}
        </span>
      </span>
      <span className={styles.muted}>
        #{job.r_id}
        {place !== null ? ` · ${place}` : null}
      </span>
      {pendingNote !== null ? <span className={styles.pendingNote}>{pendingNote}</span> : null}
    </DriverLink>
  );
}

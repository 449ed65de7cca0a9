'use client';

import { useState } from 'react';
import type { DriverText } from '@/components/platform/i18n/messages/driver';
import { PhotoInput } from './photo-input';
import { mediaEntry, type Run } from './proof-form';
import { FAILURE_REASONS, type FailureReason, type Job } from './types';
import styles from './driver.module.css';
import proofStyles from './proof.module.css';

const NOTE_MAX = 500;

/**
 * "Delivery failed": why (customer unreachable, wrong address, refused), an optional note and
 * photo. The server records it as `cancelled` with reason `delivery_failed` (the one
 * picked_up → cancelled move of the transition table) and tells the vendor.
 */
export function FailureForm({ job, t, isBusy, run, onCancel }: { job: Job; t: DriverText; isBusy: boolean; run: Run; onCancel: () => void }) {
  const [reason, setReason] = useState<FailureReason | null>(null);
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<Blob | null>(null);

  return (
    <form
      className={`${styles.card} ${styles.stack}`}
      data-testid="failure-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason) return;
        void run([
          ...(photo ? [mediaEntry(job, 'failure_photo', photo)] : []),
          {
            kind: 'fail',
            dispatchId: job.id,
            path: `/api/driver/jobs/${encodeURIComponent(job.id)}/fail`,
            contentType: 'application/json',
            body: JSON.stringify({ reason, ...(note.trim() ? { note: note.trim() } : {}) }),
            label: 'cancelled',
          },
        ]);
      }}
    >
      <fieldset className={proofStyles.reasons}>
        <legend className={styles.sectionTitle}>{t.failReason}</legend>
        {FAILURE_REASONS.map((option) => (
          <label key={option} className={proofStyles.reason}>
            <input type="radio" name="reason" value={option} checked={reason === option} onChange={() => setReason(option)} required />
            <span>{t[`reason_${option}`]}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="failure-note">{t.failNote}</label>
        <textarea id="failure-note" className="textarea" rows={3} maxLength={NOTE_MAX} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      <PhotoInput label={t.failPhoto} t={t} photo={photo} onPhoto={setPhoto} testId="failure-photo" />
      <div className={styles.offerActions}>
        <button type="button" className={`btn ${styles.big}`} onClick={onCancel}>
          {t.cancel}
        </button>
        <button type="submit" className={`btn btn--danger ${styles.big}`} disabled={isBusy || !reason} data-testid="submit-failure">
          {t.submitFailure}
        </button>
      </div>
    </form>
  );
}

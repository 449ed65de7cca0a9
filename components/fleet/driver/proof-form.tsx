'use client';

import { useEffect, useRef, useState } from 'react';
import type { ApiClientError } from '@/components/platform/client/api-fetch';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { DriverText } from '@/components/platform/i18n/messages/driver';
import { formatAmount } from './format';
import type { submit } from './outbox';
import { PhotoInput } from './photo-input';
import { keepProofDraft, readProofDraft, type ProofDraft } from './proof-draft';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';
import type { Job, MediaKind } from './types';
import styles from './driver.module.css';
import proofStyles from './proof.module.css';

export type Run = (entries: Parameters<typeof submit>[0][], describe?: (error: ApiClientError) => string) => Promise<boolean>;

/** The outbox entry of an image upload for this delivery. */
export function mediaEntry(job: Job, kind: MediaKind, image: Blob): Parameters<typeof submit>[0] {
  return {
    kind: 'media',
    dispatchId: job.id,
    path: `/api/driver/jobs/${encodeURIComponent(job.id)}/media?kind=${kind}`,
    contentType: image.type || 'image/jpeg',
    body: image,
  };
}

/**
 * "Delivered", with the proof the vendor's account asks for: a photo, the customer's signature,
 * or the customer's PIN (checked by the server). The proof and the status go through the outbox
 * in that order, so without signal both wait and land together.
 */
export function ProofForm({ job, t, locale, isBusy, run }: { job: Job; t: DriverText; locale: Locale; isBusy: boolean; run: Run }) {
  const required = job.proof_required;
  // Cash on delivery: the driver confirms what the customer paid (prefilled with the order's total).
  const isCash = job.order?.payment_type?.toUpperCase() === 'CASH';
  const [cash, setCash] = useState(job.order?.total != null ? String(job.order.total) : '');
  const hasUploaded = job.media.some((media) => media.kind === required);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [hasInk, setHasInk] = useState(false);
  const [pin, setPin] = useState('');
  const [isMissing, setIsMissing] = useState(false);
  const padRef = useRef<SignaturePadHandle>(null);
  const draft = useProofDraft(job.id, (restored) => {
    if (restored.photo) setPhoto((current) => current ?? restored.photo ?? null);
    if (restored.signature) void padRef.current?.restore(restored.signature);
  });

  const onDeliver = async () => {
    setIsMissing(false);
    // The proof kept on the phone is on disk before the outbox takes it over.
    await draft.saved();
    const entries: Parameters<typeof submit>[0][] = [];
    if (required === 'photo' && !hasUploaded) {
      if (!photo) return setIsMissing(true);
      entries.push(mediaEntry(job, 'photo', photo));
    }
    if (required === 'signature' && !hasUploaded) {
      const signature = await padRef.current?.toBlob();
      if (!signature) return setIsMissing(true);
      entries.push(mediaEntry(job, 'signature', signature));
    }
    if (required === 'pin' && !/^\d{4}$/.test(pin)) return setIsMissing(true);
    const cashCollected = Number(cash.replace(',', '.'));
    if (isCash && (cash.trim() === '' || !Number.isFinite(cashCollected) || cashCollected < 0)) return setIsMissing(true);
    entries.push({
      kind: 'deliver',
      dispatchId: job.id,
      path: `/api/driver/jobs/${encodeURIComponent(job.id)}/deliver`,
      contentType: 'application/json',
      body: JSON.stringify({ ...(required === 'pin' && { pin }), ...(isCash && { cash_collected: cashCollected }) }),
      label: 'delivered',
    });
    const isDone = await run(entries, (error) =>
      error.code === 'pin_incorrect' ? t.pinIncorrect : error.status === 429 ? t.tooManyTries : error.code === 'proof_required' ? t.proofMissing : error.message,
    );
    // Handed to the outbox (sent, or waiting there for the signal): the kept proof has done its part.
    if (isDone) await draft.drop();
    if (!isDone && required === 'pin') setPin('');
  };

  return (
    <div className={`${styles.card} ${styles.stack}`} data-testid="proof-form">
      {required !== 'none' ? <h2 className={styles.sectionTitle}>{t.proofTitle}</h2> : null}
      {hasUploaded ? <p className="badge badge--success">{t.proofStored}</p> : null}
      {required === 'photo' && !hasUploaded ? <PhotoInput
          label={t.proofPhoto}
          t={t}
          photo={photo}
          onPhoto={(taken) => {
            setPhoto(taken);
            draft.keep({ photo: taken ?? undefined });
            if (taken) setIsMissing(false);
          }}
          testId="proof-photo"
        /> : null}
      {required === 'signature' && !hasUploaded ? (
        <div className={styles.stackTight}>
          <p className={styles.fieldLabel}>{t.proofSignature}</p>
          <SignaturePad
            ref={padRef}
            label={t.signHere}
            onChange={(hasDrawn) => {
              setHasInk(hasDrawn);
              if (hasDrawn) setIsMissing(false);
              else draft.keep({ signature: undefined });
            }}
            onStroke={(signature) => draft.keep({ signature: signature ?? undefined })}
          />
          <div className={proofStyles.padFooter}>
            <span className={styles.muted}>{t.signHere}</span>
            <button type="button" className="btn btn--small" onClick={() => padRef.current?.clear()} disabled={!hasInk}>
              {t.clearSignature}
            </button>
          </div>
        </div>
      ) : null}
      {required === 'pin' ? (
        <div className="field">
          <label htmlFor="delivery-pin">{t.proofPin}</label>
          <input
            id="delivery-pin"
            className={`input ${styles.bigInput} ${styles.pinInput}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{4}"
            maxLength={4}
            dir="ltr"
            value={pin}
            onChange={(event) => {
              setPin(event.target.value.replace(/\D/g, '').slice(0, 4));
              setIsMissing(false);
            }}
            aria-describedby="delivery-pin-hint"
          />
          <p id="delivery-pin-hint" className="field__hint">
            {t.pinHint}
          </p>
        </div>
      ) : null}
      {isCash ? (
        <div className="field">
          <label htmlFor="cash-collected">{t.cashCollected}</label>
          <input
            id="cash-collected"
            className={`input ${styles.bigInput}`}
            inputMode="decimal"
            dir="ltr"
            value={cash}
            onChange={(event) => {
              setCash(event.target.value.replace(/[^\d.,]/g, ''));
              setIsMissing(false);
            }}
            aria-describedby="cash-collected-hint"
            data-testid="cash-collected"
          />
          <p id="cash-collected-hint" className="field__hint">
            {format(t.cashHint, { amount: job.order?.total != null ? formatAmount(job.order.total, job.order.currency, locale) : '—' })}
          </p>
        </div>
      ) : null}
      {isMissing ? (
        <p role="alert" className="field__error" data-testid="proof-missing">
          {t.proofMissing}
        </p>
      ) : null}
      <button type="button" className={`btn btn--primary ${styles.big}`} disabled={isBusy} onClick={() => void onDeliver()} data-testid="action-delivered">
        {t.action_delivered}
      </button>
    </div>
  );
}

/**
 * The proof of `jobId` kept on the phone (proof-draft.ts): restored once when the form opens
 * (`onRestore`), then rewritten at each change, one write at a time and in the order made.
 */
function useProofDraft(jobId: string, onRestore: (draft: ProofDraft) => void) {
  const current = useRef<ProofDraft>({});
  const writes = useRef<Promise<void>>(Promise.resolve());
  const hasChanged = useRef(false);
  const restore = useRef(onRestore);
  useEffect(() => {
    restore.current = onRestore;
  });
  useEffect(() => {
    let isCancelled = false;
    void readProofDraft(jobId).then((kept) => {
      // Something taken meanwhile is newer than what was kept.
      if (!kept || isCancelled || hasChanged.current) return;
      current.current = kept;
      restore.current(kept);
    });
    return () => {
      isCancelled = true;
    };
  }, [jobId]);

  const write = (next: ProofDraft | null) => {
    writes.current = writes.current.then(() => keepProofDraft(jobId, next));
    return writes.current;
  };
  return {
    keep: (change: ProofDraft) => {
      hasChanged.current = true;
      current.current = { ...current.current, ...change };
      void write(current.current);
    },
    saved: () => writes.current,
    drop: () => {
      current.current = {};
      return write(null);
    },
  };
}

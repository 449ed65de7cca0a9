'use client';

import { useEffect, useId, useMemo, useState } from 'react';
import type { DriverText } from '@/components/platform/i18n/messages/driver';
import { downscaleImage } from './downscale-image';
import styles from './driver.module.css';
import proofStyles from './proof.module.css';

/**
 * "Take photo": the phone's camera (`capture="environment"`, the back camera) or, where the
 * browser offers it, a picked file; the photo is downscaled at once and previewed.
 */
export function PhotoInput({
  label,
  t,
  photo,
  onPhoto,
  testId,
}: {
  label: string;
  t: Pick<DriverText, 'takePhoto' | 'retakePhoto' | 'photoPreview' | 'photoFailed'>;
  photo: Blob | null;
  onPhoto: (photo: Blob | null) => void;
  testId: string;
}) {
  const id = useId();
  const [isReading, setIsReading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const previewUrl = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  return (
    <div className={styles.stackTight}>
      <p className={styles.fieldLabel}>{label}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a local blob: preview, nothing for next/image to optimise */}
      {previewUrl ? <img src={previewUrl} alt={t.photoPreview} className={proofStyles.preview} data-testid={`${testId}-preview`} /> : null}
      {hasFailed ? (
        <p role="alert" className="field__error">
          {t.photoFailed}
        </p>
      ) : null}
      <label htmlFor={id} className={`btn ${styles.big}`} aria-busy={isReading}>
        {photo ? t.retakePhoto : t.takePhoto}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        data-testid={testId}
        onChange={async (event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = ''; // the same photo may be chosen again
          if (!file) return;
          setIsReading(true);
          setHasFailed(false);
          try {
            onPhoto(await downscaleImage(file));
          } catch {
            setHasFailed(true);
            onPhoto(null);
          } finally {
            setIsReading(false);
          }
        }}
      />
    </div>
  );
}

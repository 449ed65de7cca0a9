import type { DispatchProof } from '@/lib/dispatch/server/list-dispatch-proofs';
import { ClientTime } from '@/components/dispatch/detail/client-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { DispatchDetailText } from '@/components/platform/i18n/messages/dispatch-detail';
import styles from './admin-dispatches.module.css';

/** What the proof's rendering says (the dispatch page's messages, shared by the console and the dashboard). */
export type ProofText = Pick<
  DispatchDetailText,
  | 'openMedia'
  | 'proofPhoto'
  | 'proofSignature'
  | 'proofFailurePhoto'
  | 'failedDelivery'
  | 'failureCustomerUnreachable'
  | 'failureWrongAddress'
  | 'failureRefused'
  | 'failureNote'
>;

/** The console's address of a driver's photo or signature (admins only; GET /api/admin/media/{id}). */
export function adminMediaPath(id: string): string {
  return `/api/admin/media/${encodeURIComponent(id)}`;
}

export function proofKindLabel(kind: string, t: ProofText): string {
  return ({ photo: t.proofPhoto, signature: t.proofSignature, failure_photo: t.proofFailurePhoto } as Record<string, string | undefined>)[kind] ?? kind;
}

function failureReasonLabel(reason: string, t: ProofText): string {
  return (
    ({ customer_unreachable: t.failureCustomerUnreachable, wrong_address: t.failureWrongAddress, refused: t.failureRefused } as Record<string, string | undefined>)[
      reason
    ] ?? reason
  );
}

/**
 * A dispatch's proof as the driver app recorded it: a failed delivery's reason and note, and each
 * photo, signature or failure photo as a thumbnail with its kind and time, opening the full
 * image in a new tab; nothing when there is none. Rendered by the QA queue (on the server) and
 * the dispatch page.
 */
export function ProofThumbnails({
  proof,
  t,
  locale,
  mediaPath = adminMediaPath,
}: {
  proof: DispatchProof | undefined;
  t: ProofText;
  locale: Locale;
  /** Where the signed-in reader gets an image: the console's or the dashboard's media route. */
  mediaPath?: (id: string) => string;
}) {
  const media = proof?.media ?? [];
  const failure = proof?.failure ?? null;
  if (media.length === 0 && !failure) return null;
  return (
    <div data-testid="proof">
      {failure ? (
        <p className={styles.failure} data-testid="proof-failure" data-reason={failure.reason}>
          <strong>{format(t.failedDelivery, { reason: failureReasonLabel(failure.reason, t) })}</strong>
          {failure.note ? (
            <>
              <br />
              <span className="muted">{t.failureNote}: </span>
              <bdi>{failure.note}</bdi>
            </>
          ) : null}
        </p>
      ) : null}
      {media.length ? (
        <ul className={styles.media}>
          {media.map((item) => {
            const kind = proofKindLabel(item.kind, t);
            return (
              <li key={item.id}>
                <a
                  href={mediaPath(item.id)}
                  target="_blank"
                  rel="noopener"
                  className={styles.mediaLink}
                  aria-label={format(t.openMedia, { name: kind })}
                  data-testid="proof-media"
                  data-kind={item.kind}
                >
                  {/* eslint-disable-next-line @next/next/no-img-element -- served by our own route to the signed-in reader; next/image would cache it */}
                  <img
                    src={mediaPath(item.id)}
                    alt=""
                    className={`${styles.thumb} ${item.kind === 'signature' ? styles.signatureThumb : ''}`}
                    loading="lazy"
                  />
                  <span className={styles.mediaName}>{kind}</span>
                  <span className={styles.mediaTime}>
                    <ClientTime timestamp={item.created_at} locale={locale} style="time" />
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

/** Whether the driver app recorded any proof for the dispatch. */
export function hasProof(proof: DispatchProof | undefined): boolean {
  return Boolean(proof && (proof.media.length > 0 || proof.failure));
}

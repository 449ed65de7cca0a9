import { format } from '@/components/platform/i18n/messages';
import type { AdminDispatchText } from '@/components/platform/i18n/messages/admin-dispatches';
import type { ProofText } from './proof-thumbnails';
import styles from './admin-dispatches.module.css';

const IMAGE = /\.(avif|gif|jpe?g|png|webp)$/i;

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/** The file's extension (`pdf`, `mp4`), shown in place of a thumbnail; `file` when it has none. */
function extensionOf(path: string): string {
  return /\.([a-z0-9]{1,5})$/i.exec(path)?.[1] ?? 'file';
}

/**
 * The record's `media_url` without the driver app's own proof (`…/ext/media/{id}` links, read
 * with an API key: the console shows those from dispatch_media, ProofThumbnails), or null when
 * nothing else is in it. What is left is media an integration sent with a status (ops API).
 */
export function otherMedia(media: Record<string, string> | null): Record<string, string> | null {
  const others = Object.entries(media ?? {}).filter(([, url]) => !pathOf(url).startsWith('/ext/media/'));
  return others.length ? Object.fromEntries(others) : null;
}

/**
 * The driver's media of a dispatch: images as thumbnails, anything else (videos) as a named
 * link; each opens in a new tab. The files live wherever the driver's app uploaded them, so the
 * browser loads them without sending this page's address.
 */
export function MediaLinks({ media, t }: { media: Record<string, string> | null; t: Pick<AdminDispatchText, 'noMedia'> & Pick<ProofText, 'openMedia'> }) {
  const entries = Object.entries(media ?? {});
  if (entries.length === 0) return <span className="muted">{t.noMedia}</span>;
  return (
    <ul className={styles.media} data-testid="media">
      {entries.map(([name, url]) => (
        <li key={name}>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            referrerPolicy="no-referrer"
            className={styles.mediaLink}
            aria-label={format(t.openMedia, { name })}
            data-testid="media-link"
          >
            {IMAGE.test(pathOf(url)) ? (
              // eslint-disable-next-line @next/next/no-img-element -- arbitrary hosts of drivers' uploads; next/image would proxy them
              <img src={url} alt="" className={styles.thumb} loading="lazy" referrerPolicy="no-referrer" />
            ) : (
              <span className={styles.fileThumb} aria-hidden="true" dir="ltr">
                {extensionOf(pathOf(url))}
              </span>
            )}
            <span className={styles.mediaName} dir="auto">
              {name}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

import Link from 'next/link';

/** A page's answer to an unknown id: what was not found, and the way back to its list. */
export function NotFoundPanel({ testId, title, body, backHref, backText }: { testId: string; title: string; body?: string; backHref: string; backText: string }) {
  return (
    <div className="stack" data-testid={testId}>
      <h1>{title}</h1>
      {body ? <p className="muted">{body}</p> : null}
      <p>
        <Link href={backHref} className="btn">
          {backText}
        </Link>
      </p>
    </div>
  );
}

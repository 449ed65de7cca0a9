/**
 * What a part of the dispatch page could not load, and a button to load it again (`onRetry`
 * null where trying again cannot help, such as a dispatch that is not there).
 */
export function LoadFailure({ message, onRetry, retryLabel }: { message: string; onRetry: (() => void) | null; retryLabel: string }) {
  return (
    <div className="alert alert--error" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="btn btn--small" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}

// A page leaves once. A full load (window.location.assign) is how a signed-in page drops
// everything of an ended session, and several things may ask for one at the same moment: the
// sign-out gate once the session has ended, and a request of the page that meets that ended
// session with a 401 (seen when the connection returned to a page signed out offline). A second assign
// aborts the first, and the browser lands wherever the last one pointed; so the first wins and
// later ones are dropped.

let departingTo: string | null = null;

/** Loads `to` in place of this page, unless the page is already leaving. */
export function leavePage(to: string): void {
  if (departingTo !== null) return;
  departingTo = to;
  // Back to this page from the next one (the back-forward cache keeps this module's state): it may leave again.
  window.addEventListener('pageshow', (event) => event.persisted && (departingTo = null), { once: true });
  window.location.assign(to);
}

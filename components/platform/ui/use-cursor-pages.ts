'use client';

import { useState } from 'react';

/**
 * Previous / next over keyset pages: the cursors of the pages visited so far. Changing the
 * filters (`resetKey`) starts again at the first page.
 */
export function useCursorPages(resetKey: string) {
  const [state, setState] = useState<{ key: string; cursors: (string | undefined)[] }>({ key: resetKey, cursors: [undefined] });
  const cursors = state.key === resetKey ? state.cursors : [undefined];
  return {
    cursor: cursors[cursors.length - 1],
    hasPrevious: cursors.length > 1,
    next: (cursor: string) => setState({ key: resetKey, cursors: [...cursors, cursor] }),
    previous: () => setState({ key: resetKey, cursors: cursors.slice(0, -1) }),
  };
}

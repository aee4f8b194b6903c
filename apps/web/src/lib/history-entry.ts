/**
 * React Router keys the history entry a document was opened on "default", and ScrollRestoration keeps
 * positions by key: every page opened fresh in a tab (a typed address, a bookmark, a link from
 * elsewhere) would share one saved position and open where another page was left. Giving that entry a
 * key of its own, as the router gives every entry it pushes, keeps each entry's position apart; a
 * reload or a return to the entry keeps its key, and so its position.
 */
export function keyFirstHistoryEntry(history: History = window.history) {
  const state = history.state as { key?: unknown } | null;
  if (typeof state?.key === 'string' && state.key !== 'default') return;
  history.replaceState({ ...state, key: Math.random().toString(36).slice(2, 10) }, '');
}

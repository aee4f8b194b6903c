/**
 * toast() for code that runs before any lazy route (the navbar's logout): react-toastify is then fetched
 * after the first paint, with the lazily rendered container (providers.tsx), not in the first load.
 * A toast shown before the container is mounted waits in react-toastify's own queue.
 */
export function showToast(kind: 'success' | 'error', message: string): void {
  void import('react-toastify').then(({ toast }) => toast[kind](message));
}

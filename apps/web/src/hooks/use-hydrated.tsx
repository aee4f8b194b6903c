import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

// Outside a server-rendered tree (a page the browser renders itself, a component test) there is nothing to match.
const Hydrated = createContext(true);

/**
 * Says whether the page has been hydrated: false while the server renders and while the browser hydrates that
 * HTML, true after. It turns true as a transition once hydration has committed, so the components that read it
 * render again in short tasks that yield to the browser, not within hydration's own (last) task.
 */
export function HydratedProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  // Says the page is interactive: its HTML has been hydrated (or rendered) by React, and what reads this flag
  // has rendered again.
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);
  return <Hydrated.Provider value={hydrated}>{children}</Hydrated.Provider>;
}

/**
 * False while the server renders and while the browser hydrates that HTML, true after. Text that
 * depends on the reader's time zone or clock renders a neutral form until then, so hydration matches.
 */
export function useHydrated(): boolean {
  return useContext(Hydrated);
}

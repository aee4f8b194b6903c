import { createContext, useContext } from 'react';
import { useHydrated } from './use-hydrated';

const RenderedAt = createContext<number | null>(null);

/** Server rendering and hydration: the moment the page's HTML was rendered (milliseconds since the epoch). */
export const RenderedAtProvider = RenderedAt.Provider;

/**
 * The time a render shows. While the server renders and the browser hydrates, it is the moment the
 * HTML was rendered: that HTML may come from a cache, or be hydrated after midnight, and hydration
 * must draw what it holds. The browser's clock after.
 */
export function useNow(): Date {
  const hydrated = useHydrated();
  const renderedAt = useContext(RenderedAt);
  return hydrated || renderedAt === null ? new Date() : new Date(renderedAt);
}

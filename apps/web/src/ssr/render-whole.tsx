import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';

// What React writes for a Suspense boundary it left for the browser to render: a lazy part not loaded yet.
const LEFT_TO_THE_BROWSER = '<!--$!-->';

/**
 * The whole page's HTML, every lazy part in place. Once this process has loaded a page's lazy parts (a route's
 * code, the toast container, the bell), nothing in it suspends, and React's synchronous render gives the same
 * HTML as a string, without encoding it to bytes and reading them back; until then, or if anything was left to
 * the browser, the page is rendered again by the renderer that waits for every part.
 */
export async function renderWhole(page: ReactNode, signal: AbortSignal | undefined): Promise<string> {
  try {
    const html = renderToString(page);
    if (!html.includes(LEFT_TO_THE_BROWSER)) return html;
  } catch {
    // A part suspended outside any boundary: the renderer below waits for it.
  }
  // One document, every boundary in place: React otherwise moves a large boundary (over 12.8 kB of HTML)
  // after the shell and reveals it with an inline script, which the CSP refuses.
  const { prelude } = await prerenderToNodeStream(page, { signal, progressiveChunkSize: Number.POSITIVE_INFINITY });
  let whole = '';
  for await (const chunk of prelude) whole += String(chunk);
  return whole;
}

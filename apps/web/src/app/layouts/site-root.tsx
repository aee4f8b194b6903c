import { Outlet, ScrollRestoration } from 'react-router';

/**
 * Above the site's three layouts: the one ScrollRestoration. Back and forward return to where the reader
 * was; a new page starts at its top or at its #fragment (docs/product.md#scroll-position). Every history
 * entry has its own key (`keyFirstHistoryEntry`), so a page opened fresh never takes another's place.
 */
export function SiteRoot() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

import { Outlet, ScrollRestoration } from 'react-router';
import { useFocusOnNavigation } from '../../hooks/use-focus-on-navigation';

/**
 * Above the site's three layouts: the one ScrollRestoration. Back and forward return to where the reader
 * was; a new page starts at its top or at its #fragment (docs/product.md#scroll-position). Every history
 * entry has its own key (`keyFirstHistoryEntry`), so a page opened fresh never takes another's place.
 * And the one place that moves focus to a new page's heading.
 */
export function SiteRoot() {
  useFocusOnNavigation();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

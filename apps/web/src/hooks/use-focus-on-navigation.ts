import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its heading (its data loading) before focus stays where it is. */
const HEADING_WAIT_MS = 5_000;

function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (!heading) return false;
  // A page that put focus in one of its fields (or a reader who already moved on) keeps it.
  const active = document.activeElement;
  if (active && active !== document.body && active.closest('#main')) return true;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * After a navigation inside the app (a link, a login, a submitted or saved form that goes on), focus moves
 * to the new page's heading, as a new document's would start at its top: a keyboard or screen-reader user
 * goes on from there, not from a link that is gone. Only a new path moves it: a search or a page of a list
 * keeps focus where the reader is. Scrolling stays ScrollRestoration's.
 */
export function useFocusOnNavigation() {
  const { pathname, hash } = useLocation();
  const firstPath = useRef(pathname);

  useEffect(() => {
    // The document's first page: the browser starts at its top already.
    if (firstPath.current === pathname) return;
    firstPath.current = '';
    if (hash) return;
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new path, not a new fragment, is a new page
  }, [pathname]);
}

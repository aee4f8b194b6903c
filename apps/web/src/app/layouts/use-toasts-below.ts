import { useEffect, type RefObject } from 'react';

/**
 * Keeps the toasts (top-right, docs/product.md#texts) under the navbar and its open menu, so they never cover
 * the reader's photo and Logout: index.css places them at --toast-top, the header's lowest edge on screen,
 * measured after every render of the navbar (a route, the menu opening) and as the window scrolls or resizes.
 * Scrolled away, the toasts rise to the top. Small on purpose: the navbar is in the first load.
 */
export function useToastsBelow(headerRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const style = document.documentElement.style;
    // The menu hangs below the header (absolutely placed), so its edge counts too; hidden, it measures 0.
    const measure = () =>
      style.setProperty(
        '--toast-top',
        `${Math.max(0, ...[header, ...header.children].map((part) => part.getBoundingClientRect().bottom))}px`,
      );
    measure();
    addEventListener('scroll', measure, { passive: true });
    addEventListener('resize', measure);
    return () => {
      removeEventListener('scroll', measure);
      removeEventListener('resize', measure);
      style.removeProperty('--toast-top');
    };
  });
}

import { useEffect, type RefObject } from 'react';

/** The CSS property index.css places the top-right toasts under. */
const TOAST_TOP = '--toast-top';

/**
 * Keeps the toasts (top-right, docs/product.md#texts) under the navbar and its open menu, so they never cover
 * the reader's photo and Logout: the header's lowest edge on screen, measured again as it scrolls, resizes
 * or opens its menu. Scrolled away, the toasts rise to the top.
 */
export function useToastsBelow(headerRef: RefObject<HTMLElement | null>, menuOpen: boolean): void {
  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const root = document.documentElement;
    let frame = 0;
    const measure = () => {
      frame = 0;
      // The menu hangs below the header (absolutely placed): its edge counts too; hidden, it measures 0.
      const bottom = Math.max(...[header, ...header.children].map((part) => part.getBoundingClientRect().bottom));
      root.style.setProperty(TOAST_TOP, `${Math.max(0, Math.round(bottom))}px`);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    const resizes = new ResizeObserver(schedule);
    resizes.observe(header);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      resizes.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      root.style.removeProperty(TOAST_TOP);
    };
  }, [headerRef, menuOpen]);
}

import { useRef } from 'react';

/**
 * Radix dialogs opened from state (no Dialog.Trigger) drop focus on <body> when they close. Spread this on
 * the dialog's Content: focus goes back to what had it when the dialog opened, if it is still on the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}

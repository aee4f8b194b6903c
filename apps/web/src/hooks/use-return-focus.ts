import { useRef } from 'react';

/**
 * Radix dialogs opened from state (no Dialog.Trigger) drop focus on <body> when they close. Spread this on
 * the dialog's Content: focus goes back to what had it when the dialog opened, if it is still on the page,
 * else to `fallback` when given (a decision taken in the dialog can remove the row that opened it).
 */
export function useReturnFocus(fallback?: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      // A button the dialog's action has just disabled cannot take focus: let Radix decide then.
      if (target?.isConnected && !target.matches(':disabled')) {
        event.preventDefault();
        target.focus();
        return;
      }
      const other = fallback?.();
      if (other) {
        event.preventDefault();
        other.focus();
      }
    },
  };
}

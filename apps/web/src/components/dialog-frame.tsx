import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useReturnFocus } from '../hooks/use-return-focus';

interface DialogFrameProps {
  open: boolean;
  onClose: () => void;
  /** The card's width, top rule colour and padding, e.g. `max-w-md border-accent p-6 sm:p-8`. */
  className: string;
  /** Where focus goes when the element that opened the dialog is gone (see useReturnFocus). */
  focusFallback?: () => HTMLElement | null;
  /** Its Dialog.Title, Dialog.Description, content and Dialog.Close. */
  children: ReactNode;
}

/**
 * The frame of every dialog opened within a page: the page dimmed behind, a card centred in the window
 * that scrolls within it on a phone, focus trapped inside and returned to what opened it. Radix is
 * loaded only with a page or component that opens one.
 */
export function DialogFrame({ open, onClose, className, focusFallback, children }: DialogFrameProps) {
  const returnFocus = useReturnFocus(focusFallback);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          {...returnFocus}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border-t-4 bg-surface shadow-2xl ${className}`}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

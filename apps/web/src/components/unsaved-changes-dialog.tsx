import { TEXT } from '@dispatch/shared';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { Blocker } from 'react-router';
import { toast } from 'react-toastify';
import { useReturnFocus } from '../hooks/use-return-focus';

/** Asks before leaving a form with unsaved edits; leaving anyway says 'Changes are not saved' (docs/product.md#texts). */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  const leave = () => {
    if (blocker.state !== 'blocked') return;
    toast.info(TEXT.toast.changesNotSaved);
    blocker.proceed();
  };

  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-stone-950/60 backdrop-blur-[2px]" />
        <AlertDialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border-t-4 border-ink bg-surface p-6 shadow-2xl sm:p-8"
        >
          <AlertDialog.Title className="text-2xl font-bold text-ink">{TEXT.unsaved.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-ink-soft">{TEXT.unsaved.body}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="btn btn-primary">{TEXT.unsaved.stay}</AlertDialog.Cancel>
            <button type="button" onClick={leave} className="btn btn-outline">
              {TEXT.unsaved.leave}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

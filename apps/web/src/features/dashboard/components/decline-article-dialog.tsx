import { TEXT } from '@dispatch/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { TextAreaField } from '../../../components/text-area-field';
import { useReturnFocus } from '../../../hooks/use-return-focus';

const D = TEXT.dashboard;

/** Asks the editor why an article is declined; the writer reads it under 'Reason' in /my-articles. */
export function DeclineArticleDialog({
  articleTitle,
  onDecline,
  onClose,
}: {
  /** null: closed. */
  articleTitle: string | null;
  onDecline: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDecline(reason.trim());
    setReason('');
  };

  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root
      open={articleTitle !== null}
      onOpenChange={(open) => {
        if (!open) {
          setReason('');
          onClose();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border-t-4 border-danger bg-white p-6 shadow-2xl sm:p-8"
        >
          <Dialog.Title className="text-2xl font-bold text-ink">{D.declineTitle}</Dialog.Title>
          <p className="mt-2 font-semibold break-words text-ink">{articleTitle}</p>
          <Dialog.Description className="mt-3 text-ink-soft">{D.declineBody}</Dialog.Description>
          <form onSubmit={submit} className="mt-5 space-y-5">
            <TextAreaField
              label={D.reason}
              rows={5}
              maxLength={1000}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close className="btn btn-outline">{TEXT.writing.cancel}</Dialog.Close>
              <button type="submit" className="btn bg-danger text-white hover:bg-red-800">
                {D.decline}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { TEXT } from '@dispatch/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useReturnFocus } from '../../../hooks/use-return-focus';

/** 'Requested Changes': the editor's note on an article sent back to its writer. The note is shown as text. */
export function ChangesNoteDialog({
  note,
  articleTitle,
  onClose,
}: {
  /** undefined: closed. */
  note: string | null | undefined;
  articleTitle: string;
  onClose: () => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root
      open={note !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border-t-4 border-sky-700 bg-white p-6 shadow-2xl sm:p-8"
        >
          <Dialog.Title className="text-2xl font-bold text-ink">{TEXT.changesNote.title}</Dialog.Title>
          <p className="mt-2 font-semibold break-words text-ink">{articleTitle}</p>
          <Dialog.Description className="mt-4 break-words whitespace-pre-line text-ink">{note}</Dialog.Description>
          <div className="mt-6 flex justify-end">
            <Dialog.Close className="btn btn-primary">{TEXT.writing.close}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

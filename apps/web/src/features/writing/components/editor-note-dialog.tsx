import { TEXT } from '@dispatch/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useReturnFocus } from '../../../hooks/use-return-focus';

const KINDS = {
  /** docs/product.md#screens: 'Decline Reason' with the editor's text, or 'No reason provided.'. */
  decline: { title: TEXT.declineReason.title, empty: TEXT.declineReason.none, accent: 'border-ink' },
  /** The editor's note on an article sent back to its writer. */
  changes: { title: TEXT.changesNote.title, empty: '', accent: 'border-sky-700' },
} as const;

/** An editor's words to the writer about one article, in a dialog. The note is shown as text, never markup. */
export function EditorNoteDialog({
  kind,
  note,
  articleTitle,
  onClose,
}: {
  kind: keyof typeof KINDS;
  /** undefined: closed; null or '': no words given. */
  note: string | null | undefined;
  articleTitle: string;
  onClose: () => void;
}) {
  const { title, empty, accent } = KINDS[kind];
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
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border-t-4 ${accent} bg-surface p-6 shadow-2xl sm:p-8`}
        >
          <Dialog.Title className="text-2xl font-bold text-ink">{title}</Dialog.Title>
          <p className="mt-2 font-semibold break-words text-ink">{articleTitle}</p>
          <Dialog.Description className="mt-4 break-words whitespace-pre-line text-ink">
            {note?.trim() ? note : empty}
          </Dialog.Description>
          <div className="mt-6 flex justify-end">
            <Dialog.Close className="btn btn-primary">{TEXT.writing.close}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

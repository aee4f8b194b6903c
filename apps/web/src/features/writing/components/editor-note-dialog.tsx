import { TEXT } from '@dispatch/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { DialogFrame } from '../../../components/dialog-frame';

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
  return (
    <DialogFrame open={note !== undefined} onClose={onClose} className={`max-w-md ${accent} p-6 sm:p-8`}>
      <Dialog.Title className="text-2xl font-bold text-ink">{title}</Dialog.Title>
      <p className="mt-2 font-semibold break-words text-ink">{articleTitle}</p>
      <Dialog.Description className="mt-4 break-words whitespace-pre-line text-ink">
        {note?.trim() ? note : empty}
      </Dialog.Description>
      <div className="mt-6 flex justify-end">
        <Dialog.Close className="btn btn-primary">{TEXT.writing.close}</Dialog.Close>
      </div>
    </DialogFrame>
  );
}

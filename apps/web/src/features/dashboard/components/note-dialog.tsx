import { LIMITS, TEXT } from '@dispatch/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { TextAreaField } from '../../../components/text-area-field';
import { useReturnFocus } from '../../../hooks/use-return-focus';

interface NoteDialogProps {
  /** null: closed. */
  articleTitle: string | null;
  title: string;
  body: string;
  label: string;
  submitLabel: string;
  /** Checks the note as the server will (the shared schema's message), or accepts any. */
  validate?: (note: string) => string | undefined;
  tone: 'danger' | 'changes';
  onSubmit: (note: string) => void;
  onClose: () => void;
}

const TONES = {
  danger: { border: 'border-danger', button: 'bg-danger text-paper hover:bg-danger-strong' },
  changes: { border: 'border-sky-700', button: 'bg-sky-800 text-white hover:bg-sky-900' },
};

/**
 * Asks the editor for the words the writer will read: a decline's reason (under 'Reason' in /my-articles) or
 * what to change (under 'Note').
 */
export function NoteDialog({
  articleTitle,
  title,
  body,
  label,
  submitLabel,
  validate,
  tone,
  onSubmit,
  onClose,
}: NoteDialogProps) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validate?.(note);
    setError(problem);
    if (problem) return;
    onSubmit(note.trim());
    setNote('');
  };

  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root
      open={articleTitle !== null}
      onOpenChange={(open) => {
        if (!open) {
          setNote('');
          setError(undefined);
          onClose();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          {...returnFocus}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border-t-4 ${TONES[tone].border} bg-surface p-6 shadow-2xl sm:p-8`}
        >
          <Dialog.Title className="text-2xl font-bold text-ink">{title}</Dialog.Title>
          <p className="mt-2 font-semibold break-words text-ink">{articleTitle}</p>
          <Dialog.Description className="mt-3 text-ink-soft">{body}</Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-5 space-y-5">
            <TextAreaField
              label={label}
              rows={5}
              maxLength={LIMITS.noteMaxLength}
              value={note}
              error={error}
              onChange={(event) => setNote(event.target.value)}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close className="btn btn-outline">{TEXT.writing.cancel}</Dialog.Close>
              <button type="submit" className={`btn ${TONES[tone].button}`}>
                {submitLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

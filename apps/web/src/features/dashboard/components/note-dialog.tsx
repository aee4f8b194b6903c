import { LIMITS, TEXT } from '@dispatch/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { DialogFrame } from '../../../components/dialog-frame';
import { useState, type FormEvent } from 'react';
import { TextAreaField } from '../../../components/text-area-field';

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
  const close = () => {
    setNote('');
    setError(undefined);
    onClose();
  };

  return (
    <DialogFrame open={articleTitle !== null} onClose={close} className={`max-w-lg ${TONES[tone].border} p-6 sm:p-8`}>
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
    </DialogFrame>
  );
}

import { TEXT } from '@dispatch/shared';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { useReturnFocus } from '../hooks/use-return-focus';
import { SubmitButton } from './submit-button';

const overlayClass = 'fixed inset-0 z-40 bg-stone-950/60 backdrop-blur-[2px]';
const contentClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border-t-4 bg-surface p-6 shadow-2xl sm:p-8';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** 'danger' for what cannot be undone (a deletion). */
  tone?: 'default' | 'danger';
}

/**
 * The one confirmation (docs/product.md#accessible-dialogs: a Radix AlertDialog, not SweetAlert2). Focus starts on Cancel, so
 * Enter never confirms by accident; confirming closes it and runs the action.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  tone = 'default',
}: ConfirmDialogProps) {
  const danger = tone === 'danger';
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content {...returnFocus} className={`${contentClass} ${danger ? 'border-danger' : 'border-ink'}`}>
          <AlertDialog.Title className="text-2xl font-bold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 break-words text-ink-soft">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="btn btn-outline">{TEXT.writing.cancel}</AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={onConfirm}
              className={danger ? 'btn bg-danger text-paper hover:bg-danger-strong' : 'btn btn-primary'}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

interface MessageDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  message: ReactNode;
  tone?: 'warning' | 'error';
}

/** A message that needs acknowledging (the 'Not Allowed' warning and 'Error' of docs/product.md#texts), with one OK button. */
export function MessageDialog({ open, onClose, title, message, tone = 'error' }: MessageDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content
          {...returnFocus}
          className={`${contentClass} ${tone === 'warning' ? 'border-accent-line' : 'border-danger'}`}
        >
          <AlertDialog.Title className="text-2xl font-bold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-3 space-y-2 break-words text-ink-soft">{message}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end">
            <AlertDialog.Action className="btn btn-primary">{TEXT.writing.ok}</AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

interface ConfirmFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Runs on submit; the dialog stays open (the caller closes it on success, or shows its error inside). */
  onConfirm: () => void;
  pending: boolean;
  /** The fields the confirmation asks for (a password), and their errors. */
  children: ReactNode;
}

/**
 * The confirmation of something that cannot be undone and needs proof first (deleting an account): the one
 * dialog's look, with a form inside. Focus starts on Cancel; Enter in a field submits.
 */
export function ConfirmFormDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  children,
}: ConfirmFormDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content {...returnFocus} className={`${contentClass} border-danger`}>
          <AlertDialog.Title className="text-2xl font-bold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 break-words text-ink-soft">{description}</AlertDialog.Description>
          <form
            noValidate
            className="mt-5 space-y-5"
            onSubmit={(event) => {
              event.preventDefault();
              onConfirm();
            }}
          >
            {children}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className="btn btn-outline">{TEXT.writing.cancel}</AlertDialog.Cancel>
              <SubmitButton pending={pending} className="btn bg-danger text-paper hover:bg-danger-strong">
                {confirmLabel}
              </SubmitButton>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

import { ACCOUNT_TEXT } from '@dispatch/shared';
import { useState } from 'react';
import { ConfirmFormDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDeleteAccount } from '../api/delete-account';

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}

/** Asks for the password (or DELETE, for an account without one) before the account goes; a refusal is said inside. */
export function DeleteAccountDialog({ open, onOpenChange, onDeleted }: DeleteAccountDialogProps) {
  const [confirmation, setConfirmation] = useState('');
  const remove = useDeleteAccount();
  const error = remove.isError
    ? (remove.error instanceof ApiError && remove.error.fieldErrors?.confirmation?.[0]) || errorMessage(remove.error)
    : undefined;

  const changeOpen = (next: boolean) => {
    if (!next) {
      setConfirmation('');
      remove.reset();
    }
    onOpenChange(next);
  };

  return (
    <ConfirmFormDialog
      open={open}
      onOpenChange={changeOpen}
      title={ACCOUNT_TEXT.dialogTitle}
      description={ACCOUNT_TEXT.dialogBody}
      confirmLabel={remove.isPending ? ACCOUNT_TEXT.deleting : ACCOUNT_TEXT.confirm}
      pending={remove.isPending}
      onConfirm={() => remove.mutate({ confirmation }, { onSuccess: onDeleted })}
    >
      <TextField
        label={ACCOUNT_TEXT.passwordLabel}
        type="password"
        autoComplete="current-password"
        hint={ACCOUNT_TEXT.confirmationHint}
        error={error}
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
    </ConfirmFormDialog>
  );
}

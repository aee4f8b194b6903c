import { UPGRADE_TEXT } from '@dispatch/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { DialogFrame } from '../../../components/dialog-frame';
import { useNavigate } from 'react-router';
import { CloseIcon, StarIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';

/** The upgrade invitation itself; loaded only when it is due (upgrade-modal.tsx), with Radix Dialog. */
export function UpgradeDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();

  const goToSubscription = () => {
    onClose();
    void navigate(paths.subscription);
  };

  return (
    <DialogFrame open={true} onClose={onClose} className="max-w-md border-accent-line p-6 sm:p-8">
      <Dialog.Close
        aria-label={UPGRADE_TEXT.closeLabel}
        className="absolute top-3 right-3 grid size-10 place-items-center rounded-full text-ink-soft hover:bg-surface-muted hover:text-ink"
      >
        <CloseIcon className="size-5" />
      </Dialog.Close>
      <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-accent-wash text-accent">
        <StarIcon className="size-6" />
      </span>
      <Dialog.Title className="mt-4 text-2xl font-bold text-ink sm:text-3xl">{UPGRADE_TEXT.title}</Dialog.Title>
      <Dialog.Description className="mt-3 text-ink-soft">{UPGRADE_TEXT.body}</Dialog.Description>
      <button type="button" onClick={goToSubscription} className="btn btn-accent mt-6 w-full">
        {UPGRADE_TEXT.goToSubscription}
      </button>
    </DialogFrame>
  );
}

import { TEXT } from '@dispatch/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate } from 'react-router';
import { CloseIcon, StarIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { useReturnFocus } from '../../../hooks/use-return-focus';

/** The upgrade invitation itself; loaded only when it is due (upgrade-modal.tsx), with Radix Dialog. */
export function UpgradeDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();

  const goToSubscription = () => {
    onClose();
    void navigate(paths.subscription);
  };

  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border-t-4 border-accent-line bg-surface p-6 shadow-2xl sm:p-8"
        >
          <Dialog.Close
            aria-label={TEXT.upgradeModal.closeLabel}
            className="absolute top-3 right-3 grid size-10 place-items-center rounded-full text-ink-soft hover:bg-surface-muted hover:text-ink"
          >
            <CloseIcon className="size-5" />
          </Dialog.Close>
          <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-accent-wash text-accent">
            <StarIcon className="size-6" />
          </span>
          <Dialog.Title className="mt-4 text-2xl font-bold text-ink sm:text-3xl">
            {TEXT.upgradeModal.title}
          </Dialog.Title>
          <Dialog.Description className="mt-3 text-ink-soft">{TEXT.upgradeModal.body}</Dialog.Description>
          <button type="button" onClick={goToSubscription} className="btn btn-accent mt-6 w-full">
            {TEXT.upgradeModal.goToSubscription}
          </button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

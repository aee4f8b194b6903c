import { ACCOUNT_TEXT, FAMILY_MESSAGES } from '@dispatch/shared';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useViewer } from '../../../hooks/use-viewer';
import { useDownloadAccountData } from '../api/download-account-data';
import { DeleteAccountDialog } from './delete-account-dialog';

/** /profile's last section (docs/product.md#profile): download your data, delete your account. */
export function AccountSection({ onDeleted }: { onDeleted: () => void }) {
  const download = useDownloadAccountData();
  const [deleting, setDeleting] = useState(false);
  // A young reader's account is closed with the family's owner (docs/product.md#parental-controls).
  const { youngReader, roleLoading } = useViewer();

  return (
    <section aria-labelledby="account-heading" className="space-y-6">
      <h2 id="account-heading" className="text-2xl font-bold tracking-tight text-ink">
        {ACCOUNT_TEXT.heading}
      </h2>
      <div className="space-y-3">
        <p className="text-ink-soft">{ACCOUNT_TEXT.exportIntro}</p>
        <FormAlert message={download.isError ? ACCOUNT_TEXT.exportFailed : null} />
        <button
          type="button"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          aria-busy={download.isPending}
          className="btn btn-outline w-full sm:w-auto"
        >
          {ACCOUNT_TEXT.exportButton}
        </button>
      </div>
      <div className="space-y-3 border-t border-rule pt-6">
        <p className="text-ink-soft">{ACCOUNT_TEXT.deleteIntro}</p>
        {roleLoading ? null : youngReader ? (
          <p role="note" className="rounded-md border border-rule bg-surface-muted px-3 py-2 text-sm text-ink">
            {FAMILY_MESSAGES.youngReaderDelete}
          </p>
        ) : (
          <button
            type="button"
            onClick={() => setDeleting(true)}
            className="btn w-full border border-danger text-danger hover:bg-danger hover:text-paper sm:w-auto"
          >
            {ACCOUNT_TEXT.deleteButton}
          </button>
        )}
      </div>
      {!youngReader && <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} onDeleted={onDeleted} />}
    </section>
  );
}

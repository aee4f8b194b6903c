import { BRIEF_MESSAGES, BRIEF_PAGE_TEXT, BRIEF_TEXT } from '@dispatch/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/form-field';
import { LoadingState } from '../../../components/states';
import { SubmitButton } from '../../../components/submit-button';
import { errorMessage } from '../../../lib/api-client';
import { useBriefPreview } from '../../../api/brief';
import { useSendTestBrief } from '../api/newsletter';

/**
 * Today's brief as it would go out, for the editor or one subscriber. The e-mail's HTML is shown in a frame
 * without any permission (`sandbox=""`): no script runs, and it cannot reach this page.
 */
export function NewsletterPreview() {
  const [email, setEmail] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const preview = useBriefPreview(asked);
  const test = useSendTestBrief();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = email.trim().toLowerCase();
    // The same address again asks again: the day's articles may have changed since.
    if (next === asked) void preview.refetch();
    else setAsked(next);
  };

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={BRIEF_PAGE_TEXT.previewEmail}
          type="email"
          name="previewEmail"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          hint={BRIEF_TEXT.previewFor}
          className="sm:min-w-80"
        />
        <SubmitButton pending={preview.isFetching} className="btn btn-primary">
          {BRIEF_TEXT.preview}
        </SubmitButton>
        <button
          type="button"
          className="btn btn-outline"
          aria-busy={test.isPending || undefined}
          onClick={() =>
            !test.isPending &&
            test.mutate(undefined, { onSuccess: ({ email: sentTo }) => toast.success(BRIEF_MESSAGES.testSent(sentTo)) })
          }
        >
          {BRIEF_TEXT.testSend}
        </button>
      </form>
      <FormAlert message={test.isError ? errorMessage(test.error) : null} />
      {asked !== null && preview.isPending && <LoadingState />}
      {preview.isError && <FormAlert message={errorMessage(preview.error)} />}
      {preview.data &&
        (preview.data.articles.length === 0 ? (
          <p role="status" className="rounded-md border border-rule bg-surface p-4 text-ink">
            {BRIEF_TEXT.noNews}
          </p>
        ) : (
          <div className="space-y-3">
            <p className="text-ink">
              <span className="font-semibold">{BRIEF_PAGE_TEXT.subject}:</span> {preview.data.subject}
            </p>
            <iframe
              title={BRIEF_PAGE_TEXT.previewFrame}
              srcDoc={preview.data.html}
              sandbox=""
              className="h-[36rem] w-full rounded-lg border border-rule bg-white"
            />
          </div>
        ))}
    </div>
  );
}

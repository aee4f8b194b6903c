import { BRIEF_MESSAGES, BRIEF_PAGE_TEXT } from '@dispatch/shared';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { LoadingState } from '../../components/states';
import { useConfirmBrief } from '../../features/brief/api/subscribe';
import { paths } from '../../lib/paths';

/**
 * /brief/confirm?token=… from the confirmation e-mail. Opening the link is the confirmation: a scanner that opens
 * it confirms an address that asked for the brief, which is harmless (unlike unsubscribing, which takes a press).
 */
export function BriefConfirmRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmBrief();
  const asked = useRef(false);
  const { mutate } = confirm;

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    mutate(token);
  }, [token, mutate]);

  let content;
  if (!token) content = <p role="alert">{BRIEF_MESSAGES.linkInvalid}</p>;
  else if (confirm.isSuccess) content = <p>{BRIEF_MESSAGES.confirmed}</p>;
  else if (confirm.isError) content = <p role="alert">{BRIEF_MESSAGES.linkInvalid}</p>;
  else content = <LoadingState label={BRIEF_PAGE_TEXT.confirming} />;

  return (
    <section aria-labelledby="brief-confirm-heading" className="container-page max-w-xl py-14">
      <PageTitle title={BRIEF_PAGE_TEXT.confirmHeading} noindex />
      <h1 id="brief-confirm-heading" className="border-t-4 border-double border-ink pt-4 text-3xl font-bold text-ink">
        {BRIEF_PAGE_TEXT.confirmHeading}
      </h1>
      <div className="mt-6 space-y-4 text-ink" aria-live="polite">
        {content}
        {(confirm.isSuccess || confirm.isError || !token) && (
          <Link to={paths.home} className="btn btn-outline">
            {BRIEF_PAGE_TEXT.backHome}
          </Link>
        )}
      </div>
    </section>
  );
}

import { BRIEF_MESSAGES, BRIEF_PAGE_TEXT, BRIEF_TEXT } from '@dispatch/shared';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useUnsubscribeBrief } from '../../features/brief/api/subscribe';
import { paths } from '../../lib/paths';

/**
 * /brief/unsubscribe?token=… from a brief's footer. A button, not the visit, unsubscribes: mail scanners open
 * links, and must not unsubscribe anyone by doing so. Works signed out.
 */
export function BriefUnsubscribeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeBrief();

  let content;
  if (!token) content = <p role="alert">{BRIEF_PAGE_TEXT.linkMissing}</p>;
  else if (unsubscribe.isSuccess)
    content = (
      <>
        <p>{BRIEF_MESSAGES.unsubscribed}</p>
        <Link to={paths.home} className="btn btn-outline">
          {BRIEF_PAGE_TEXT.backHome}
        </Link>
      </>
    );
  else if (unsubscribe.isError) content = <p role="alert">{BRIEF_MESSAGES.linkInvalid}</p>;
  else
    content = (
      <>
        <p>{BRIEF_PAGE_TEXT.unsubscribeConfirm}</p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={unsubscribe.isPending}
          aria-busy={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate(token)}
        >
          {BRIEF_TEXT.unsubscribe}
        </button>
      </>
    );

  return (
    <section aria-labelledby="brief-unsubscribe-heading" className="container-page max-w-xl py-14">
      <PageTitle title={BRIEF_PAGE_TEXT.unsubscribeHeading} noindex />
      <h1
        id="brief-unsubscribe-heading"
        className="border-t-4 border-double border-ink pt-4 text-3xl font-bold text-ink"
      >
        {BRIEF_PAGE_TEXT.unsubscribeHeading}
      </h1>
      <div className="mt-6 space-y-4 text-ink" aria-live="polite">
        {content}
      </div>
    </section>
  );
}

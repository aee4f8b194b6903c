import { NOTICE_TEXT, NOTICES_TEXT } from '@dispatch/shared';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useUnsubscribe } from '../../features/notices/api/mail';
import { paths } from '../../lib/paths';

/**
 * /unsubscribe?token=… from an e-mail's footer. A button, not the visit, unsubscribes: mail scanners open
 * links, and must not unsubscribe anyone by doing so.
 */
export function UnsubscribeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const text = NOTICES_TEXT.unsubscribe;

  return (
    <section aria-labelledby="unsubscribe-heading" className="container-page max-w-xl py-14">
      <PageTitle title={text.heading} noindex />
      <h1 id="unsubscribe-heading" className="border-t-4 border-double border-ink pt-4 text-3xl font-bold text-ink">
        {text.heading}
      </h1>
      <div className="mt-6 space-y-4 text-ink" aria-live="polite">
        {!token ? (
          <p>{text.missing}</p>
        ) : unsubscribe.isSuccess ? (
          <>
            <p>{text.done(NOTICE_TEXT[unsubscribe.data.kind].preference)}</p>
            <Link to={paths.profile} className="btn btn-outline">
              {NOTICES_TEXT.preferences.heading}
            </Link>
          </>
        ) : unsubscribe.isError ? (
          <p role="alert">{text.invalid}</p>
        ) : (
          <>
            <p>{text.confirm}</p>
            <button
              type="button"
              className="btn btn-primary"
              disabled={unsubscribe.isPending}
              aria-busy={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate(token)}
            >
              {text.button}
            </button>
          </>
        )}
      </div>
    </section>
  );
}

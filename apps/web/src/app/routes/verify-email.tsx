import { NOTICES_TEXT } from '@dispatch/shared';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useVerifyEmail } from '../../features/notices/api/mail';
import { paths } from '../../lib/paths';

/** /verify-email?token=… from the welcome e-mail: proves the address once the page runs (twice is harmless). */
export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { mutate, isSuccess, isError } = useVerifyEmail();
  const text = NOTICES_TEXT.verify;

  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  return (
    <section aria-labelledby="verify-heading" className="container-page max-w-xl py-14">
      <PageTitle title={text.heading} noindex />
      <h1 id="verify-heading" className="border-t-4 border-double border-ink pt-4 text-3xl font-bold text-ink">
        {text.heading}
      </h1>
      <div className="mt-6 space-y-4 text-ink" aria-live="polite">
        {isSuccess ? (
          <>
            <p>{text.done}</p>
            <Link to={paths.home} className="btn btn-outline">
              {NOTICES_TEXT.backHome}
            </Link>
          </>
        ) : isError || !token ? (
          <p role="alert">{text.invalid}</p>
        ) : (
          <p>{text.working}</p>
        )}
      </div>
    </section>
  );
}

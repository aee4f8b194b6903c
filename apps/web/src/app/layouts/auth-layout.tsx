import { TEXT } from '@dispatch/shared';
import { Link, Outlet, useLocation } from 'react-router';
import { useToday, YEAR } from '../../components/local-time';
import { Redirect } from '../../components/redirect';
import { LoadingState } from '../../components/states';
import { FALLBACK_CONFIG, useConfig } from '../../lib/site-config';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { returnTo } from '../../lib/return-to';

/**
 * /login and /register (docs/product.md#screens, auth layout routes): a quiet page with one card and the masthead
 * leading home. Someone already signed in is sent on to where they were going.
 */
export function AuthLayout() {
  const config = useConfig().data ?? FALLBACK_CONFIG;
  const { user, loading } = useAuth();
  const location = useLocation();
  const year = useToday(YEAR);

  if (user) return <Redirect to={returnTo(location.state, location.search)} />;

  return (
    <div className="flex min-h-screen flex-col bg-surface-muted">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-ink px-4 py-2 text-paper focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {TEXT.layout.skipToContent}
      </a>
      <header className="px-4 pt-10 pb-6 text-center sm:pt-14">
        <Link
          to={paths.home}
          className="font-serif text-3xl leading-none font-black tracking-tight text-ink sm:text-4xl"
        >
          {config.siteName}
        </Link>
        <p className="mt-2 text-sm text-ink-soft italic">{TEXT.brand.tagline}</p>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 px-4 pb-12 focus:outline-none">
        <div className="mx-auto w-full max-w-md rounded-lg border border-rule border-t-4 border-t-ink bg-surface px-5 py-8 shadow-sm sm:px-8">
          {loading ? <LoadingState /> : <Outlet />}
        </div>
      </main>
      <footer className="px-4 pb-8 text-center text-sm text-ink-soft">
        <Link to={paths.home} className="underline-offset-4 hover:text-ink hover:underline">
          {TEXT.auth.backHome}
        </Link>
        <p className="mt-2">
          © {year} {config.siteName}
        </p>
      </footer>
    </div>
  );
}

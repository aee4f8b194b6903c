import { TEXT } from '@dispatch/shared';
import { useCallback } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button';
import { LoginForm } from '../../features/auth/components/login-form';
import { useConfig } from '../../lib/site-config';
import { paths } from '../../lib/paths';
import { carriedReturnState, registeredEmail, returnTo } from '../../lib/return-to';
import { PageTitle } from '../../components/page-title';

export function LoginRoute() {
  const config = useConfig().data;
  const location = useLocation();
  const navigate = useNavigate();
  const target = returnTo(location.state, location.search);

  const goOn = useCallback(() => void navigate(target, { replace: true }), [navigate, target]);
  const onGoogleSignedIn = useCallback(() => {
    toast.success(TEXT.toast.googleLoginSuccess);
    goOn();
  }, [goOn]);

  return (
    <>
      <PageTitle title={TEXT.auth.loginTitle} />
      <h1 className="text-3xl font-bold text-ink">{TEXT.auth.loginTitle}</h1>
      <p className="mt-2 mb-7 text-ink-soft">{TEXT.auth.loginIntro}</p>
      <LoginForm onSignedIn={goOn} initialEmail={registeredEmail(location.state)} />
      <div
        className="my-6 flex items-center gap-3 text-xs tracking-[0.14em] text-ink-soft uppercase"
        aria-hidden="true"
      >
        <span className="h-px flex-1 bg-rule" />
        {TEXT.auth.or}
        <span className="h-px flex-1 bg-rule" />
      </div>
      <GoogleSignInButton enabled={config?.googleSignIn ?? false} onSignedIn={onGoogleSignedIn} />
      <p className="mt-7 text-center text-sm text-ink-soft">
        {TEXT.auth.noAccount}{' '}
        <Link
          to={paths.register}
          state={carriedReturnState(location.state, location.search)}
          className="font-semibold text-ink underline underline-offset-4"
        >
          {TEXT.auth.register}
        </Link>
      </p>
    </>
  );
}

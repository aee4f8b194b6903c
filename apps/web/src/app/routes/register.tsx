import { TEXT } from '@dispatch/shared';
import { Link, useLocation, useNavigate } from 'react-router';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { withRegisteredEmail } from '../../lib/return-to';
import { PageTitle } from '../../components/page-title';

export function RegisterRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signOut } = useAuth();

  // docs/product.md#registration-sends-to-login: registering does not log in; the new reader is signed out and logs in next,
  // keeping the page they were heading for, with the e-mail they just gave already in the form.
  const onRegistered = (email: string) => {
    signOut();
    void navigate(paths.login, { state: withRegisteredEmail(location.state, email) });
  };

  return (
    <>
      <PageTitle title={TEXT.auth.registerTitle} />
      <h1 className="text-3xl font-bold text-ink">{TEXT.auth.registerTitle}</h1>
      <p className="mt-2 mb-7 text-ink-soft">{TEXT.auth.registerIntro}</p>
      <RegisterForm onRegistered={onRegistered} />
      <p className="mt-7 text-center text-sm text-ink-soft">
        {TEXT.auth.haveAccount}{' '}
        <Link
          to={paths.login}
          state={location.state as unknown}
          className="font-semibold text-ink underline underline-offset-4"
        >
          {TEXT.auth.login}
        </Link>
      </p>
    </>
  );
}

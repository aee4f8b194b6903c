import { FAMILY_MESSAGES, FAMILY_TEXT as T, TEXT } from '@dispatch/shared';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import { PageTitle } from '../../components/page-title';
import { LoadingState } from '../../components/states';
import { useInvitationPreview } from '../../api/family';
import { useLogout } from '../../features/auth/api/logout';
import { useAcceptInvitation } from '../../features/family/api/family';
import { ResendVerification } from '../../features/notices/components/resend-verification';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const day = (iso: string) => dayFormat.format(new Date(iso));

/**
 * /family/join?token=… from a family invitation (docs/product.md#families), behind login: a visitor signs in
 * or registers and comes back here. A press accepts, never the visit (mail scanners open links).
 */
export function FamilyJoinRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <section aria-labelledby="family-join-heading" className="container-page max-w-xl py-14">
      <PageTitle title={T.joinHeading} noindex />
      <h1 id="family-join-heading" className="border-t-4 border-double border-ink pt-4 text-3xl font-bold text-ink">
        {T.joinHeading}
      </h1>
      <div className="mt-6 space-y-4 text-ink" aria-live="polite">
        {token ? <Invitation token={token} /> : <p role="alert">{T.joinMissing}</p>}
      </div>
    </section>
  );
}

function Invitation({ token }: { token: string }) {
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  // Accepted now, or before (the page opened again): the reader is in.
  if (accept.isSuccess || preview.data?.joined) {
    return (
      <>
        <p role="status" className="font-semibold">
          {T.joined}
        </p>
        <p className="flex flex-wrap gap-4">
          <Link to={paths.premiumArticles} className="btn btn-primary">
            {TEXT.nav.premiumArticles}
          </Link>
          <Link to={paths.profileFamily} className="link">
            {T.toProfile}
          </Link>
        </p>
      </>
    );
  }
  if (preview.isPending) return <LoadingState />;
  if (preview.isError) return <Refused error={preview.error} />;
  const { owner, email, expiresAt, ownPremiumUntil } = preview.data;
  return (
    <>
      <p className="text-lg">{T.joinIntro(owner.name)}</p>
      <p className="text-sm text-ink-soft">{T.joinSentTo(email, day(expiresAt))}</p>
      {ownPremiumUntil && (
        <p role="note" className="rounded-md border border-rule bg-surface-muted px-3 py-2 text-sm">
          {T.joinOwnPremium(day(ownPremiumUntil))}
        </p>
      )}
      {accept.isError && <FormAlert message={errorMessage(accept.error)} />}
      <button
        type="button"
        className="btn btn-primary"
        disabled={accept.isPending}
        aria-busy={accept.isPending || undefined}
        onClick={() => accept.mutate(token)}
      >
        {T.joinButton}
      </button>
    </>
  );
}

/**
 * Why the link cannot be used. A link sent to another address (403) says which account is signed in
 * and offers to sign out, so the reader can come back with the invited one; an address not verified yet (403 on a
 * site that sends mail) offers a new verification link, after which the link works.
 */
function Refused({ error }: { error: Error }) {
  const { user } = useAuth();
  const logout = useLogout();
  const forbidden = error instanceof ApiError && error.status === 403;
  const unverified = forbidden && error.message === FAMILY_MESSAGES.invitationNeedsVerifiedAddress;
  const otherAccount = forbidden && !unverified;
  return (
    <>
      <p role="alert">{errorMessage(error)}</p>
      {unverified && <ResendVerification />}
      {otherAccount && user && (
        <>
          <p className="text-sm text-ink-soft">{T.joinSignedInAs(user.email)}</p>
          <button
            type="button"
            className="btn btn-outline"
            disabled={logout.isPending}
            aria-busy={logout.isPending || undefined}
            onClick={() => logout.mutate()}
          >
            {T.joinSwitchAccount}
          </button>
        </>
      )}
    </>
  );
}

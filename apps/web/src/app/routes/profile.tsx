import { ACCOUNT_TEXT, BILLING_TEXT, TEXT } from '@dispatch/shared';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { AccountSection } from '../../features/account/components/account-section';
import { BillingHistory } from '../../features/billing/components/billing-history';
import { SubscriptionPanel } from '../../features/subscription/components/subscription-panel';
import { useMySubscription } from '../../api/subscriptions';
import { ErrorState, LoadingState } from '../../components/states';
import { useProfile } from '../../api/users';
import { BriefSettingsSection } from '../../features/brief/components/brief-settings-section';
import { usePublishers } from '../../api/publishers';
import { MailPreferencesSection } from '../../features/notices/components/mail-preferences-form';
import { FamilySection } from '../../features/family/components/family-section';
import { ProfileGiftLinks } from '../../features/gifts/components/profile-gift-links';
import { PasswordForm } from '../../features/profile/components/password-form';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { useAuth } from '../../lib/auth';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../lib/paths';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** /profile, signed in only. */
export function ProfileRoute() {
  const { user, signOut } = useAuth();
  const profile = useProfile(user?.email);
  const navigate = useNavigate();
  const publishers = usePublishers();
  // A subscription that renews by itself needs no "Renew premium" beside it.
  const subscription = useMySubscription().data?.subscription;
  const renewing = subscription !== undefined && subscription !== null && subscription.status !== 'ended';

  // The server has ended every session: forget this one here too, then leave for the home page.
  const onAccountDeleted = () => {
    flushSync(signOut);
    toast.success(ACCOUNT_TEXT.deleted);
    void navigate(paths.home, { replace: true });
  };

  return (
    <section aria-labelledby="profile-heading" className="container-page max-w-2xl py-10 sm:py-14">
      <PageTitle title={TEXT.profile.heading} />
      <div className="border-t-4 border-double border-ink pt-4">
        <h1 id="profile-heading" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {TEXT.profile.heading}
        </h1>
        {profile.data && (
          <p className="mt-2 text-ink-soft">
            {TEXT.profileForm.memberSince} {dateFormat.format(new Date(profile.data.created_at))}
          </p>
        )}
      </div>
      <div className="mt-8 panel">
        {profile.isPending ? (
          <LoadingState />
        ) : profile.isError ? (
          <ErrorState onRetry={() => void profile.refetch()} />
        ) : (
          <ProfileForm key={profile.data._id} profile={profile.data} />
        )}
      </div>
      <div className="mt-8 panel">
        <PasswordForm />
      </div>
      {user && (
        <section aria-labelledby="billing-heading" className="mt-8 space-y-4 panel">
          <h2 id="billing-heading" className="text-2xl font-bold tracking-tight text-ink">
            {BILLING_TEXT.heading}
          </h2>
          <SubscriptionPanel />
          <BillingHistory email={user.email} renewable={!renewing} />
        </section>
      )}
      <FamilySection />
      <ProfileGiftLinks />
      <div className="mt-8 panel">
        <MailPreferencesSection />
      </div>
      <div className="mt-8 panel">
        <BriefSettingsSection publishers={publishers.data ?? []} />
      </div>
      <div className="mt-8 panel">
        <AccountSection onDeleted={onAccountDeleted} />
      </div>
    </section>
  );
}

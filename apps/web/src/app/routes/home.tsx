import { TEXT } from '@dispatch/shared';
import { lazy, Suspense, type ReactNode } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { JsonLd } from '../../components/json-ld';
import { ErrorState } from '../../components/states';
import { PageTitle } from '../../components/page-title';
import { SectionHeading } from '../../components/section-heading';
import { trendingArticlesQueryOptions, useTrendingArticles } from '../../api/articles';
import { TrendingSection } from '../../features/articles/components/trending-section';
import { TestimonialsSection } from '../../features/home/components/testimonials-section';
import { TrustSection } from '../../features/home/components/trust-section';
import { publishersQueryOptions, usePublishers } from '../../api/publishers';
import { PublishersSection } from '../../features/publishers/components/publishers-section';
import { configQueryOptions, FALLBACK_CONFIG, useConfig } from '../../lib/site-config';
import { userStatsQueryOptions, useUserStats } from '../../api/stats';
import { StatsSection } from '../../features/stats/components/stats-section';
import { PlansSection } from '../../features/subscription/components/plans-section';
import { UpgradeModal } from '../../features/subscription/components/upgrade-modal';
import { useViewer } from '../../hooks/use-viewer';
import { useHydrated } from '../../hooks/use-hydrated';
import { plansQueryOptions, usePlans } from '../../api/plans';
import { prefetch } from '../../lib/prefetch';
import { readsOf, type LoaderClient } from '../page-context';

// The daily brief's section comes whole with its chunk, texts included: the brief's shared module builds zod schemas
// as it loads, and the home page's first load has a budget without zod (docs/decisions/011-page-weight-and-audits.md).
// It renders once the page has hydrated, in the browser only: a lazy boundary that hydrated after the page would
// keep the server's disabled form (React does not patch attributes while hydrating), and the box needs the
// reader's time zone anyway.
const BriefHomeSection = lazy(async () => {
  const { BriefSignup, briefSignupTitle } = await import('../../features/brief/components/brief-signup');
  return {
    default: function BriefHomeSection() {
      return (
        <HomeSection id="brief" title={briefSignupTitle.title} intro={briefSignupTitle.intro} band="white">
          <BriefSignup />
        </HomeSection>
      );
    },
  };
});

export function homeLoader(clientFor: LoaderClient) {
  return async ({ context }: LoaderFunctionArgs) => {
    const queryClient = clientFor(context);
    const reads = readsOf(context);
    await Promise.all([
      prefetch(queryClient, trendingArticlesQueryOptions(), reads?.trendingArticles),
      prefetch(queryClient, publishersQueryOptions(), reads?.publishers),
      prefetch(queryClient, userStatsQueryOptions(), reads?.userStats),
      prefetch(queryClient, configQueryOptions(), reads?.config),
      prefetch(queryClient, plansQueryOptions(), reads?.plans),
    ]);
    return null;
  };
}

const bands = {
  paper: '',
  white: 'border-y border-rule bg-surface',
  ink: 'bg-band',
} as const;

function HomeSection({
  id,
  title,
  intro,
  band = 'paper',
  first = false,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  band?: keyof typeof bands;
  first?: boolean;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`${first ? 'pt-8 pb-14 sm:pt-10 sm:pb-20' : 'py-14 sm:py-20'} ${bands[band]}`}
    >
      <div className="container-page">
        <SectionHeading id={headingId} title={title} intro={intro} tone={band === 'ink' ? 'dark' : 'light'} />
        {children}
      </div>
    </section>
  );
}

/** One message, with one retry, for whatever part of the page's data did not come (the sections only note it). */
function HomeLoadProblem() {
  const queries = [useTrendingArticles(), usePublishers(), useUserStats(), usePlans()];
  const failed = queries.filter((query) => query.isError);
  if (failed.length === 0) return null;
  return (
    <div className="container-page pt-6">
      <ErrorState message={TEXT.homeCopy.loadFailed} onRetry={() => failed.forEach((query) => void query.refetch())} />
    </div>
  );
}

export function HomeRoute() {
  const config = useConfig().data ?? FALLBACK_CONFIG;
  const { loading, isPremium } = useViewer();
  const hydrated = useHydrated();

  return (
    <>
      <PageTitle title={`${config.siteName} · ${TEXT.brand.tagline}`} standalone />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@graph': [
            { '@type': 'WebSite', name: config.siteName, url: `${config.publicUrl}/` },
            {
              '@type': 'Organization',
              name: config.siteName,
              url: `${config.publicUrl}/`,
              logo: `${config.publicUrl}/favicon.svg`,
              ...(config.supportEmail && { email: config.supportEmail }),
            },
          ],
        }}
      />
      <h1 className="sr-only">{config.siteName}</h1>
      <HomeLoadProblem />
      <HomeSection id="trending" title={TEXT.home.trending} intro={TEXT.homeCopy.trendingIntro} first>
        <TrendingSection />
      </HomeSection>
      <HomeSection id="publishers" title={TEXT.home.publishers} intro={TEXT.homeCopy.publishersIntro} band="white">
        <PublishersSection />
      </HomeSection>
      <HomeSection id="statistics" title={TEXT.home.stats} intro={TEXT.homeCopy.statsIntro} band="ink">
        <StatsSection />
      </HomeSection>
      <HomeSection id="plans" title={TEXT.home.plans} intro={TEXT.homeCopy.plansIntro}>
        <PlansSection />
      </HomeSection>
      <HomeSection id="trust" title={TEXT.home.trust} intro={TEXT.homeCopy.trustIntro} band="white">
        <TrustSection />
      </HomeSection>
      <HomeSection id="testimonials" title={TEXT.home.testimonials} intro={TEXT.homeCopy.testimonialsIntro}>
        <TestimonialsSection />
      </HomeSection>
      {hydrated ? (
        <Suspense fallback={<div className="min-h-96 border-y border-rule bg-surface" />}>
          <BriefHomeSection />
        </Suspense>
      ) : (
        <div className="min-h-96 border-y border-rule bg-surface" />
      )}
      <UpgradeModal enabled={!loading && !isPremium} />
    </>
  );
}

import { TEXT } from '@dispatch/shared';
import { lazy, Suspense } from 'react';
import { EmptyState, Skeleton, UnavailableNote } from '../../../components/states';
import { useTrendingArticles } from '../../../api/articles';

// The carousel's code (Embla) is not part of the first load: the server's HTML shows the first slide, and
// React hydrates the carousel when its chunk arrives (docs/decisions/021-first-paint-before-scripts.md).
const TrendingCarousel = lazy(async () => ({ default: (await import('./trending-carousel')).TrendingCarousel }));

function TrendingSkeleton() {
  return (
    <div
      role="status"
      aria-label={TEXT.states.loading}
      className="grid overflow-hidden rounded-lg border border-rule bg-surface md:grid-cols-5"
    >
      <Skeleton className="aspect-[16/9] rounded-none md:col-span-3 md:aspect-auto md:min-h-[24rem]" />
      <div className="space-y-4 p-8 md:col-span-2">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-10 w-32" />
      </div>
    </div>
  );
}

/** On the home page, which says once (with one retry) that its data did not come: the section only notes it. */
export function TrendingSection() {
  const trending = useTrendingArticles();

  if (trending.isPending) return <TrendingSkeleton />;
  if (trending.isError) return <UnavailableNote />;
  if (trending.data.length === 0) return <EmptyState message={TEXT.home.noTrending} />;
  return (
    <Suspense fallback={<TrendingSkeleton />}>
      <TrendingCarousel articles={trending.data} />
    </Suspense>
  );
}

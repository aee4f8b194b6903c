import { TEXT } from '@dispatch/shared';
import { Skeleton } from '../../../components/states';
import { EmptyState, ErrorState } from '../../../components/states';
import { useTrendingArticles } from '../api/get-trending-articles';
import { TrendingCarousel } from './trending-carousel';

export function TrendingSection() {
  const trending = useTrendingArticles();

  if (trending.isPending) {
    return (
      <div
        role="status"
        aria-label={TEXT.states.loading}
        className="grid overflow-hidden rounded-lg border border-rule bg-white md:grid-cols-5"
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
  if (trending.isError) return <ErrorState onRetry={() => void trending.refetch()} />;
  if (trending.data.length === 0) return <EmptyState message={TEXT.home.noTrending} />;
  return <TrendingCarousel articles={trending.data} />;
}

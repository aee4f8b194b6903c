import { TEXT, type ArticleCard as ArticleCardData, type Viewer } from '@dispatch/shared';
import { Skeleton } from '../../../components/states';
import { ArticleCard } from './article-card';
import { useNow } from '../../../hooks/use-now';

/** How many cards fill the first screen on a wide display; their images load without waiting. */
const EAGER_CARDS = 3;

export function ArticleGrid({
  articles,
  viewer,
  busy = false,
  eager = EAGER_CARDS,
}: {
  articles: ArticleCardData[];
  viewer: Viewer | null;
  busy?: boolean;
  /** How many cards load their image at once: none for a grid below the fold. */
  eager?: number;
}) {
  const now = useNow();
  return (
    <ul
      aria-busy={busy}
      className={`grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 ${busy ? 'opacity-60 transition-opacity' : ''}`}
    >
      {articles.map((article, index) => (
        <li key={article._id} className="flex">
          <div className="flex w-full flex-col [&>article]:flex-1">
            <ArticleCard
              article={article}
              viewer={viewer}
              now={now}
              eager={index < eager}
              priority={index === 0 && eager > 0}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Cards' shapes while a list loads (the same grid, picture and lines), with a status for screen readers. */
export function ArticleGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {TEXT.states.loading}
      </p>
      <ul aria-hidden="true" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="overflow-hidden rounded-lg border border-rule bg-surface">
            <Skeleton className="aspect-[16/9] rounded-none" />
            <div className="space-y-3 p-5">
              <Skeleton className="h-3 w-1/3" />
              <Skeleton className="h-6 w-5/6" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

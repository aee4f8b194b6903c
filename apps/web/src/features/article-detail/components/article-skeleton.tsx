import { TEXT } from '@dispatch/shared';
import { Skeleton } from '../../../components/states';

/** The article page's shape while it loads: its header, byline, picture and paragraphs, where they will be. */
export function ArticleSkeleton() {
  return (
    <div aria-busy="true" className="article-column">
      <p role="status" className="sr-only">
        {TEXT.states.loading}
      </p>
      <div aria-hidden="true">
        <div className="border-b border-rule pb-6">
          <Skeleton className="h-3 w-32" />
          <Skeleton className="mt-4 h-9 w-full sm:h-12" />
          <Skeleton className="mt-3 h-9 w-2/3 sm:h-12" />
          <div className="mt-5 flex items-center gap-3">
            <Skeleton className="size-11 shrink-0 rounded-full" />
            <div className="w-full max-w-xs space-y-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-3/4" />
              <Skeleton className="h-3 w-2/3" />
            </div>
          </div>
        </div>
        <Skeleton className="my-8 aspect-[16/9] w-full rounded-lg" />
        <div className="space-y-3">
          {['w-full', 'w-full', 'w-11/12', 'w-full', 'w-4/5', 'w-full', 'w-2/3'].map((width, index) => (
            <Skeleton key={index} className={`h-4 ${width}`} />
          ))}
        </div>
      </div>
    </div>
  );
}

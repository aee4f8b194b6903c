import { TEXT } from '@dispatch/shared';
import { FeedIcon } from './icons';

/** Plain links to a page's feeds: a feed reader or the browser takes it from there. */
export function FeedLinks({ rss, atom }: { rss: string; atom: string }) {
  const linkClass =
    'inline-flex items-center gap-1.5 text-sm font-semibold text-accent underline-offset-2 hover:underline';
  return (
    <p className="flex flex-wrap gap-x-5 gap-y-2">
      <a href={rss} className={linkClass}>
        <FeedIcon className="size-4" />
        {TEXT.feeds.rss}
      </a>
      <a href={atom} className={linkClass}>
        {TEXT.feeds.atom}
      </a>
    </p>
  );
}

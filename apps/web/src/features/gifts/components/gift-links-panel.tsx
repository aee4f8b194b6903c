import { REVENUE, TEXT, REVENUE_TEXT } from '@dispatch/shared';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { FALLBACK_CONFIG, useConfig } from '../../../lib/site-config';
import { useCreateGiftLink } from '../api/create-gift-link';
import { useGiftLinks } from '../../../api/gifts';
import { GiftLinkRows } from './gift-link-rows';

const T = REVENUE_TEXT.gifts;

/**
 * Under a premium article, for a subscriber or an admin: make a gift link (its token is shown this once),
 * copy it, and see this article's links with how many readers opened each (docs/product.md#reader-revenue).
 */
export function GiftLinksPanel({ articleId }: { articleId: string }) {
  const config = useConfig().data ?? FALLBACK_CONFIG;
  const list = useGiftLinks(articleId);
  const create = useCreateGiftLink(articleId);
  const [url, setUrl] = useState<string | null>(null);

  const copy = (link: string) =>
    navigator.clipboard.writeText(link).then(
      () => toast.success(T.copied),
      () => toast.error(TEXT.detail.copyFailed),
    );

  return (
    <section
      aria-labelledby="gift-heading"
      className="article-column mt-10 rounded-lg border border-rule bg-surface p-5 sm:p-6 print:hidden"
    >
      <h2 id="gift-heading" className="text-xl font-bold text-ink">
        {T.heading}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{T.intro(REVENUE.giftLinkDays)}</p>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="button"
          className="btn btn-primary"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: ({ token }) => {
                setUrl(`${config.publicUrl}${paths.articleDetails(articleId)}?gift=${token}`);
                toast.success(T.created);
              },
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          {T.create}
        </button>
        {list.data && (
          <p className="text-sm text-ink-soft tabular-nums">
            {T.quota(list.data.usedThisMonth, list.data.allowedPerMonth)}
          </p>
        )}
      </div>
      {url && (
        <div className="mt-4 space-y-2">
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              readOnly
              value={url}
              aria-label={T.heading}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-rule bg-paper px-3 py-2 font-mono text-xs text-ink"
            />
            <button type="button" className="btn btn-outline" onClick={() => void copy(url)}>
              {T.copy}
            </button>
          </div>
          <p className="text-xs text-ink-soft">{T.copyNote}</p>
        </div>
      )}
      {list.data && list.data.links.length > 0 && (
        <div className="mt-6">
          <h3 className="kicker text-ink">{T.yours}</h3>
          <div className="mt-2">
            <GiftLinkRows links={list.data.links} />
          </div>
        </div>
      )}
    </section>
  );
}

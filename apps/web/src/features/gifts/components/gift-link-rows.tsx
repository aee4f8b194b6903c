import { REVENUE_TEXT, type GiftLink } from '@dispatch/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useRevokeGiftLink } from '../api/revoke-gift-link';

const T = REVENUE_TEXT.gifts;
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function status(link: GiftLink, now: number): string {
  if (link.revokedAt) return T.revoked;
  if (new Date(link.expiresAt).getTime() <= now) return T.expired;
  return T.expires(dayFormat.format(new Date(link.expiresAt)));
}

/** A sender's gift links: when made, until when they open the article, how many readers opened each; revoke. */
export function GiftLinkRows({ links, withTitles = false }: { links: GiftLink[]; withTitles?: boolean }) {
  const revoke = useRevokeGiftLink();
  const [confirming, setConfirming] = useState<string | null>(null);
  // The moment the list was first shown: a link expiring while it is open keeps its Revoke button until the next visit.
  const [now] = useState(() => Date.now());
  return (
    <>
      <ul className="divide-y divide-rule border-y border-rule">
        {links.map((link) => {
          const active = !link.revokedAt && new Date(link.expiresAt).getTime() > now;
          return (
            <li key={link._id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 text-sm">
              <div className="min-w-0">
                {withTitles && (
                  <Link
                    to={paths.articleDetails(link.articleId)}
                    className="block font-semibold break-words text-ink underline-offset-2 hover:underline"
                  >
                    {link.articleTitle}
                  </Link>
                )}
                <p className="text-ink-soft">
                  {dayFormat.format(new Date(link.createdAt))} · {status(link, now)}
                </p>
                <p className="font-semibold text-ink tabular-nums">{T.opens(link.opens)}</p>
              </div>
              {active && (
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={revoke.isPending}
                  onClick={() => setConfirming(link._id)}
                >
                  {T.revoke}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={T.revoke}
        description={T.revokeConfirm}
        confirmLabel={T.revoke}
        tone="danger"
        onConfirm={() => {
          if (!confirming) return;
          revoke.mutate(confirming, {
            onSuccess: () => toast.success(T.revokedToast),
            onError: (error) => toast.error(errorMessage(error)),
          });
          setConfirming(null);
        }}
      />
    </>
  );
}

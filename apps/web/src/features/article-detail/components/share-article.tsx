import { TEXT } from '@dispatch/shared';
import { useState } from 'react';
import { LinkIcon, MailIcon, ShareIcon } from '../../../components/icons';
import { useHydrated } from '../../../hooks/use-hydrated';
import { shareByEmail, shareLinks } from '../utils/share-links';

const D = TEXT.detail;
const pillClass =
  'inline-flex min-h-10 items-center gap-2 rounded-full border border-rule bg-surface px-3.5 py-2 text-sm font-semibold text-ink transition-colors hover:border-ink';

/** The device's own share sheet, where the browser offers one (phones, some desktops). */
const hasShareSheet = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * Sharing an article: the device's share sheet where there is one; otherwise copying the link, or a plain
 * link to X, Facebook, LinkedIn or an e-mail. The server's HTML has the links (they work without scripts);
 * a browser with a share sheet swaps them for its button once the page is hydrated.
 */
export function ShareArticle({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);

  if (hydrated && hasShareSheet()) {
    return (
      <div className="print:hidden">
        <button
          type="button"
          className={pillClass}
          // The reader closing the sheet rejects the promise: nothing to say about it.
          onClick={() => void navigator.share({ title, url }).catch(() => undefined)}
        >
          <ShareIcon className="size-4" />
          {D.share}
        </button>
      </div>
    );
  }

  const copyLink = () =>
    (navigator.clipboard?.writeText(url) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );

  return (
    <div role="group" aria-label={D.shareThis} className="flex flex-wrap items-center gap-2 print:hidden">
      <button type="button" className={pillClass} onClick={() => void copyLink()}>
        <LinkIcon className="size-4" />
        {D.copyLink}
      </button>
      {shareLinks(url, title).map(({ network, href }) => (
        <a
          key={network}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={D.shareOn(network)}
          className={pillClass}
        >
          {network}
        </a>
      ))}
      <a href={shareByEmail(url, title)} aria-label={D.shareByEmail} className={pillClass}>
        <MailIcon className="size-4" />
        {D.email}
      </a>
      <span role="status" className="text-sm text-ink-soft">
        {copy === 'copied' ? D.linkCopied : copy === 'failed' ? D.copyFailed : ''}
      </span>
    </div>
  );
}

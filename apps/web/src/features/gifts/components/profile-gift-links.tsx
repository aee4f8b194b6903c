import { REVENUE_TEXT } from '@dispatch/shared';
import { useViewer } from '../../../hooks/use-viewer';
import { useGiftLinks } from '../../../api/gifts';
import { GiftLinkRows } from './gift-link-rows';

const T = REVENUE_TEXT.gifts;

/** /profile: every gift link the reader made, newest first, with opens and revoke; nothing for one who made none. */
export function ProfileGiftLinks() {
  const list = useGiftLinks();
  // A young reader shares no gift links (docs/product.md#parental-controls): their old ones are not shown.
  const { youngReader } = useViewer();
  if (youngReader || !list.data || list.data.links.length === 0) return null;
  return (
    <section aria-labelledby="gift-links-heading" className="mt-8 space-y-4 panel">
      <h2 id="gift-links-heading" className="text-2xl font-bold tracking-tight text-ink">
        {T.profileHeading}
      </h2>
      <p className="text-sm text-ink-soft tabular-nums">
        {T.quota(list.data.usedThisMonth, list.data.allowedPerMonth)}
      </p>
      <GiftLinkRows links={list.data.links} withTitles />
    </section>
  );
}

import { READERS_TEXT } from '@dispatch/shared';
import { LockIcon } from './icons';

/**
 * An article an editor kept for signed-in readers (docs/product.md#who-reads-what): on its page and its desk row.
 * `compact`: a lock alone, for the desk's one-line rows, its meaning in its tooltip and for screen readers.
 */
export function SignedInOnlyBadge({ compact = false }: { compact?: boolean }) {
  if (compact) {
    return (
      <span title={`${READERS_TEXT.badge}: ${READERS_TEXT.badgeHint}`} className="text-ink-soft">
        <LockIcon className="inline size-3.5 align-[-2px]" />
        <span className="sr-only">{READERS_TEXT.badge}</span>
      </span>
    );
  }
  return (
    <span
      title={READERS_TEXT.badgeHint}
      className="inline-flex items-center rounded-full border border-rule bg-surface-muted px-2.5 py-0.5 text-[0.6875rem] font-semibold tracking-wide whitespace-nowrap text-ink-soft normal-case"
    >
      {READERS_TEXT.badge}
    </span>
  );
}

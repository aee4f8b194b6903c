import { READERS_TEXT } from '@dispatch/shared';

/**
 * An article an editor kept for signed-in readers (docs/product.md#who-reads-what): on its page and its desk row.
 * The hint says what it means to whoever points at it or reads it aloud.
 */
export function SignedInOnlyBadge() {
  return (
    <span
      title={READERS_TEXT.badgeHint}
      className="inline-flex items-center rounded-full border border-rule bg-surface-muted px-2.5 py-0.5 text-[0.6875rem] font-semibold tracking-wide whitespace-nowrap text-ink-soft normal-case"
    >
      {READERS_TEXT.badge}
      <span className="sr-only">: {READERS_TEXT.badgeHint}</span>
    </span>
  );
}

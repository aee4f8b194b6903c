import type { ArticleStatus } from '@dispatch/shared';

/*
 * Tables that stay readable on a 360 px phone without scrolling sideways: below the md breakpoint each
 * row is a card and each cell shows its column name (from data-label) before its value.
 */
export const table = {
  wrapper: 'md:overflow-hidden md:rounded-lg md:border md:border-rule md:bg-surface',
  table: 'block w-full text-left text-sm md:table',
  head: 'hidden bg-surface-muted text-xs font-semibold tracking-wide text-ink-soft uppercase md:table-header-group',
  headCell: 'px-4 py-3 align-bottom',
  body: 'block space-y-4 md:table-row-group md:space-y-0',
  row: 'block rounded-lg border border-rule bg-surface p-4 md:table-row md:rounded-none md:border-0 md:border-t md:p-0',
  cell: 'flex flex-wrap items-baseline gap-x-3 gap-y-1 py-1.5 before:min-w-20 before:text-xs before:font-semibold before:tracking-wide before:text-ink-soft before:uppercase before:content-[attr(data-label)] md:table-cell md:px-4 md:py-3 md:align-middle md:before:content-none',
} as const;

/** The little coloured status label used in the writer's and the admin's tables. */
export function statusBadgeClass(status: ArticleStatus): string {
  const tone = {
    pending: 'border-amber-300 bg-amber-50 text-amber-900',
    changes_requested: 'border-note-line bg-note text-note-ink',
    approved: 'border-emerald-300 bg-emerald-50 text-emerald-900',
    declined: 'border-red-300 bg-red-50 text-red-900',
  }[status];
  return `inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone}`;
}

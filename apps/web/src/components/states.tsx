import { TEXT } from '@dispatch/shared';
import type { ReactNode } from 'react';

function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-5 animate-spin rounded-full border-2 border-rule border-t-ink motion-reduce:animate-none"
    />
  );
}

/** A polite loading message for a region whose data is on its way. */
export function LoadingState({ label = TEXT.states.loading }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-sm text-ink-soft">
      <Spinner />
      <span>{label}</span>
    </div>
  );
}

export function ErrorState({ message = TEXT.states.loadFailed, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-rule bg-surface px-6 py-8 text-center">
      <p className="text-ink">{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-outline mt-4" onClick={onRetry}>
          {TEXT.states.retry}
        </button>
      )}
    </div>
  );
}

/**
 * A section whose data did not come, where the page gives one message (with its retry) for all of them:
 * the same error box three times would say nothing more.
 */
export function UnavailableNote() {
  return <p className="py-6 text-center text-sm opacity-80">{TEXT.states.unavailable}</p>;
}

export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="rounded-md border border-dashed border-rule px-6 py-10 text-center">
      <p className="font-serif text-lg text-ink">{message}</p>
      {children && <div className="mt-4">{children}</div>}
    </div>
  );
}

/** A grey block standing in for content that is loading. */
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`animate-pulse rounded bg-placeholder motion-reduce:animate-none ${className}`}
    />
  );
}

/** A table's rows while it loads (cards on a phone, as the tables are), with a status for screen readers. */
export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {TEXT.states.loading}
      </p>
      <div
        aria-hidden="true"
        className="space-y-4 md:space-y-0 md:overflow-hidden md:rounded-lg md:border md:border-rule md:bg-surface"
      >
        <Skeleton className="hidden h-10 rounded-none md:block" />
        {Array.from({ length: rows }, (_, index) => (
          <div
            key={index}
            className="flex flex-col gap-3 rounded-lg border border-rule bg-surface p-4 md:flex-row md:items-center md:gap-6 md:rounded-none md:border-0 md:border-t md:px-4 md:py-4"
          >
            <Skeleton className="h-4 w-8" />
            <Skeleton className="h-4 w-3/4 md:flex-1" />
            <Skeleton className="h-6 w-24 rounded-full" />
            <Skeleton className="h-9 w-40" />
          </div>
        ))}
      </div>
    </div>
  );
}

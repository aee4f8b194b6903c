import type { ReactNode } from 'react';

/** One figure's frame: the label under the number. */
export function StatFigureFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
      <dt className="order-2 text-sm font-semibold tracking-[0.12em] text-stone-300 uppercase">{label}</dt>
      <dd className="order-1 font-serif text-5xl font-bold text-white lining-nums tabular-nums sm:text-6xl">
        {children}
      </dd>
    </div>
  );
}

export const numberFormat = new Intl.NumberFormat('en-US');

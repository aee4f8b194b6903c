import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  title: string;
  intro?: ReactNode;
  /** 'dark' for a heading on an ink band. */
  tone?: 'light' | 'dark';
}

/** A newspaper section head: a double rule, the title in the display face, an optional standfirst. */
export function SectionHeading({ id, title, intro, tone = 'light' }: SectionHeadingProps) {
  const dark = tone === 'dark';
  return (
    <div className={`mb-8 border-t-4 border-double pt-4 sm:mb-10 ${dark ? 'border-stone-500' : 'border-ink'}`}>
      <h2 id={id} className={`text-3xl font-bold tracking-tight sm:text-4xl ${dark ? 'text-white' : 'text-ink'}`}>
        {title}
      </h2>
      {intro && <p className={`mt-2 max-w-2xl ${dark ? 'text-stone-300' : 'text-ink-soft'}`}>{intro}</p>}
    </div>
  );
}

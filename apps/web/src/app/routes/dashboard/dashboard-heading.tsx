import { TEXT } from '@dispatch/shared';

/** The heading of an admin page, in the site's newspaper style. */
export function DashboardHeading({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <div className="mb-8 border-b-4 border-double border-ink pb-5">
      <title>{`${title} · ${TEXT.dashboard.title}`}</title>
      <h1 id={id} className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {title}
      </h1>
      <p className="mt-2 text-ink-soft">{intro}</p>
    </div>
  );
}

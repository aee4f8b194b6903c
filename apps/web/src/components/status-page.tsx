import { Link } from 'react-router';

/** A full-width message page (403, 404) with one way back. */
export function StatusPage({
  code,
  message,
  actionLabel,
  to,
}: {
  code: string;
  message: string;
  actionLabel: string;
  to: string;
}) {
  return (
    <section aria-labelledby="status-message" className="container-page flex flex-col items-center py-24 text-center">
      <p aria-hidden="true" className="font-serif text-7xl font-black text-stone-300 lining-nums sm:text-8xl">
        {code}
      </p>
      <h1 id="status-message" className="mt-4 max-w-xl text-2xl font-bold text-ink sm:text-3xl">
        {message}
      </h1>
      <Link to={to} className="btn btn-primary mt-8">
        {actionLabel}
      </Link>
    </section>
  );
}

import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

interface TokenAction {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  mutate(token: string): void;
}

/**
 * A page an e-mail's link opens to act on the token it carries (unsubscribing). A button, not the visit, acts:
 * mail scanners open links, and must not act for anyone by doing so. Works signed out.
 */
export function TokenActionPage(props: {
  id: string;
  heading: string;
  token: string;
  action: TokenAction;
  text: { missing: string; confirm: string; button: string; invalid: string };
  /** What the page shows once the action succeeded. */
  done: ReactNode;
}) {
  const { action, text, token } = props;
  const headingId = `${props.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="container-page max-w-xl py-14">
      <PageTitle title={props.heading} noindex />
      <h1 id={headingId} className="border-t-4 border-double border-ink pt-4 text-3xl font-bold text-ink">
        {props.heading}
      </h1>
      <div className="mt-6 space-y-4 text-ink" aria-live="polite">
        {!token ? (
          <p role="alert">{text.missing}</p>
        ) : action.isSuccess ? (
          props.done
        ) : action.isError ? (
          <p role="alert">{text.invalid}</p>
        ) : (
          <>
            <p>{text.confirm}</p>
            <button
              type="button"
              className="btn btn-primary"
              disabled={action.isPending}
              aria-busy={action.isPending}
              onClick={() => action.mutate(token)}
            >
              {text.button}
            </button>
          </>
        )}
      </div>
    </section>
  );
}

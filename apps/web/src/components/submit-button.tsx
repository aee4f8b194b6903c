import type { ReactNode } from 'react';

interface SubmitButtonProps {
  /** The form's request is on its way: the button says so (`aria-busy`). */
  pending: boolean;
  /** Another reason a press must do nothing yet: an image still uploading, the card field not ready. */
  waiting?: boolean;
  className: string;
  children: ReactNode;
}

/**
 * A form's submit button that keeps keyboard focus while it cannot be pressed: `aria-disabled` rather than
 * `disabled`, which would drop focus to the page's body mid-request (docs/conventions.md#forms). A press or an
 * Enter in a field while it is unavailable submits nothing: implicit submission clicks this button too.
 */
export function SubmitButton({ pending, waiting = false, className, children }: SubmitButtonProps) {
  const unavailable = pending || waiting;
  return (
    <button
      type="submit"
      aria-disabled={unavailable || undefined}
      aria-busy={pending || undefined}
      className={className}
      onClick={(event) => {
        if (unavailable) event.preventDefault();
      }}
    >
      {children}
    </button>
  );
}

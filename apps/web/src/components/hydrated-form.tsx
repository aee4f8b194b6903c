import type { FormHTMLAttributes } from 'react';
import { useHydrated } from '../hooks/use-hydrated';

/**
 * A form on a server-rendered page. Its controls stay disabled until the page has hydrated: what a
 * reader types earlier would be reset by the form library, and a native submit would send the fields
 * in the URL. The fieldset takes the layout classes; the form only submits.
 */
export function HydratedForm({ className, children, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const hydrated = useHydrated();
  return (
    <form method="post" {...props}>
      <fieldset disabled={!hydrated} aria-busy={!hydrated} className={`min-w-0 ${className ?? ''}`}>
        {children}
      </fieldset>
    </form>
  );
}

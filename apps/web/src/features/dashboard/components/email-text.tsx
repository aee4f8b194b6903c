import { Fragment } from 'react';

/**
 * An e-mail address that wraps only at sensible points, after the "@" and before a dot, never mid-word
 * (where a part is longer than the line, `break-words` on a parent is the last resort).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

import { type Ref, type TextareaHTMLAttributes } from 'react';
import { FieldFrame, fieldAria, useFieldIds } from './form-field';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** TextField's multi-line sibling: a visible label, its hint and its message next to it. */
export function TextAreaField({ label, error, hint, className, id, ref, rows = 8, ...textarea }: TextAreaFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <textarea
        ref={ref}
        rows={rows}
        {...fieldAria(ids, hint, error)}
        className="field-control resize-y leading-relaxed"
        {...textarea}
      />
    </FieldFrame>
  );
}

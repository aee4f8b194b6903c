import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

/** A validation message next to its field; the field points at it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}

export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/** The ids a labelled field links together: the control, its hint and its message. */
export function useFieldIds(id: string | undefined) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return { fieldId, hintId: `${fieldId}-hint`, errorId: `${fieldId}-error` };
}

/** The attributes that tie a control to its hint and message. */
export function fieldAria(ids: ReturnType<typeof useFieldIds>, hint: string | undefined, error: string | undefined) {
  return {
    id: ids.fieldId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint && ids.hintId, error && ids.errorId),
  };
}

interface FieldFrameProps {
  ids: ReturnType<typeof useFieldIds>;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}

/** A visible label (docs/conventions.md#web-conventions), the control, then its hint and its message. */
export function FieldFrame({ ids, label, hint, error, className, children }: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={ids.fieldId} className="field-label">
        {label}
      </label>
      {children}
      {hint && (
        <p id={ids.hintId} className="field-hint">
          {hint}
        </p>
      )}
      <FieldError id={ids.errorId} message={error} />
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and message. */
export function TextField({ label, error, hint, className, id, ref, ...input }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <input ref={ref} {...fieldAria(ids, hint, error)} className="field-control" {...input} />
    </FieldFrame>
  );
}

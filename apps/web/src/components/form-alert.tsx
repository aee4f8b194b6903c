/**
 * A form's failure said beside its submit button, where the eye is, besides any toast (which may be missed,
 * or gone after 5 s). role="alert" reads it out when it appears.
 */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="form-alert">
      {message}
    </p>
  );
}

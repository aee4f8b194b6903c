import { NOTICES_TEXT } from '@dispatch/shared';
import { errorMessage } from '../../../lib/api-client';
import { useResendVerification } from '../api/mail';

/** A button that sends the signed-in reader a new link to verify their address, then says where it went. */
export function ResendVerification() {
  const resend = useResendVerification();
  return (
    <>
      {resend.isSuccess ? (
        <p role="status" className="text-ink">
          {NOTICES_TEXT.preferences.resent(resend.data.sentTo)}
        </p>
      ) : (
        <button
          type="button"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
          aria-busy={resend.isPending}
          className="btn btn-outline"
        >
          {resend.isPending ? NOTICES_TEXT.preferences.resending : NOTICES_TEXT.preferences.resend}
        </button>
      )}
      {resend.isError && (
        <p role="alert" className="field-error">
          {errorMessage(resend.error)}
        </p>
      )}
    </>
  );
}

import { API_MESSAGES, TEXT, type User } from '@dispatch/shared';
import { useId } from 'react';
import { GoogleIcon } from '../../../components/icons';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';

/** 'Sign in with Google'; when the site has no Google client configured the button says so (docs/product.md#google-sign-in-says-when-it-is-off). */
export function GoogleSignInButton({ enabled, onSignedIn }: { enabled: boolean; onSignedIn: (user: User) => void }) {
  const start = useGoogleSignIn(onSignedIn);
  const noteId = useId();
  return (
    <div>
      <button
        type="button"
        onClick={start}
        disabled={!enabled}
        aria-describedby={enabled ? undefined : noteId}
        className="btn btn-outline w-full"
      >
        <GoogleIcon className="size-5" />
        {TEXT.auth.googleSignIn}
      </button>
      {!enabled && (
        <p id={noteId} className="field-hint text-center">
          {API_MESSAGES.googleNotConfigured}
        </p>
      )}
    </div>
  );
}

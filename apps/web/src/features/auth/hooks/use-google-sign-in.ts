import { GOOGLE_MESSAGE_TYPE, GoogleMessageSchema, type User } from '@dispatch/shared';
import { useCallback, useEffect, useRef } from 'react';
import { useAuth } from '../../../lib/auth';
import { apiPaths } from '../../../lib/paths';

const POPUP = { name: 'google-sign-in', width: 500, height: 600 };

function popupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP.width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP.height) / 2));
  return `popup=yes,width=${POPUP.width},height=${POPUP.height},left=${left},top=${top}`;
}

/**
 * Google sign-in in a popup (docs/architecture/accounts.md#google-sign-in). The popup hands back the token by postMessage to this
 * origin, or on a BroadcastChannel when it lost its opener (the provider's pages can sever it); both
 * are heard. A failure or a closed popup is silently ignored (docs/product.md#texts).
 */
export function useGoogleSignIn(onSignedIn: (user: User) => void): () => void {
  const { signIn } = useAuth();
  const stopRef = useRef<(() => void) | null>(null);

  useEffect(() => () => stopRef.current?.(), []);

  return useCallback(() => {
    stopRef.current?.();

    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(GOOGLE_MESSAGE_TYPE);
    const stop = () => {
      window.removeEventListener('message', onWindowMessage);
      channel?.removeEventListener('message', onChannelMessage);
      channel?.close();
      if (stopRef.current === stop) stopRef.current = null;
    };
    const receive = (data: unknown) => {
      const message = GoogleMessageSchema.safeParse(data);
      if (!message.success) return;
      stop();
      if (message.data.token) signIn(message.data.token).then(onSignedIn, () => undefined);
    };
    function onWindowMessage(event: MessageEvent) {
      if (event.origin === window.location.origin) receive(event.data);
    }
    function onChannelMessage(event: MessageEvent) {
      receive(event.data);
    }

    window.addEventListener('message', onWindowMessage);
    channel?.addEventListener('message', onChannelMessage);
    stopRef.current = stop;

    // No polling of popup.closed: once the provider severs the opener it reads as closed while the
    // sign-in is still going on; listening until a message arrives or the page is left is enough.
    const popup = window.open(apiPaths.googleSignIn, POPUP.name, popupFeatures());
    if (popup) popup.focus();
    else stop();
  }, [signIn, onSignedIn]);
}

import { useEffect, useRef } from 'react';
import {
  GOOGLE_BUTTON_HEIGHT,
  listenForCredentials,
  type GoogleAccountsId,
  type GoogleButtonOptions,
  type GoogleButtonSize,
  type GoogleCredentialResponse,
} from './google-identity.ts';

interface GoogleSignInButtonProps {
  api: GoogleAccountsId;
  clientId: string;
  size?: GoogleButtonSize;
  text?: GoogleButtonOptions['text'];
  /** Show the One Tap prompt as well (login, register and forgot screens). */
  oneTap?: boolean;
  onCredential: (credential: string | undefined) => void;
  /** The page's resolved theme: the button is re-drawn to match when it flips. */
  theme?: 'light' | 'dark';
  /** GIS threw while starting or drawing the button (SPEC §8: the area then shows the Google error). */
  onError?: () => void;
}

// GIS renders buttons between 200 and 400 px wide; the form column decides within that.
const clampWidth = (width: number) => Math.max(200, Math.min(400, Math.floor(width)));

/** The button GIS draws into our container, re-drawn when the theme flips so it matches the page. */
export function GoogleSignInButton({
  api,
  clientId,
  size = 'large',
  text = 'continue_with',
  oneTap = false,
  onCredential,
  theme = 'light',
  onError,
}: GoogleSignInButtonProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const onCredentialRef = useRef(onCredential);
  onCredentialRef.current = onCredential;
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  useEffect(() => {
    let stopListening = () => {};
    try {
      stopListening = listenForCredentials(api, clientId, (response: GoogleCredentialResponse) =>
        onCredentialRef.current(response.credential),
      );
      if (oneTap) api.prompt();
    } catch {
      onErrorRef.current?.();
    }
    return () => {
      stopListening();
      if (oneTap) api.cancel();
    };
  }, [api, clientId, oneTap]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    container.replaceChildren();
    try {
      api.renderButton(container, {
        type: 'standard',
        theme: theme === 'dark' ? 'filled_black' : 'outline',
        size,
        text,
        shape: 'rectangular',
        logo_alignment: 'center',
        width: clampWidth(container.clientWidth || 320),
      });
    } catch {
      onErrorRef.current?.();
    }
  }, [api, size, text, theme]);

  return <div ref={containerRef} className="google-button" style={{ minHeight: GOOGLE_BUTTON_HEIGHT[size] }} />;
}

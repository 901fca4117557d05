import { useState } from 'react';
import { t } from '../../i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { useGoogleIdentity } from './use-google-identity.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import type { GoogleButtonOptions, GoogleButtonSize } from './google-identity.ts';

interface GoogleSignInAreaProps {
  /** 'button-first' puts the divider under the button (above an email form); 'divider-first' above it. */
  layout?: 'button-first' | 'divider-first';
  size?: GoogleButtonSize;
  text?: GoogleButtonOptions['text'];
  oneTap?: boolean;
  theme?: 'light' | 'dark';
  onCredential: (credential: string | undefined) => void;
}

/**
 * The Google button with its 'Or continue with' divider. The area is absent when the server has no Google
 * client id. When the Google script cannot load (offline, blocked) or the button cannot be drawn, the
 * button's place says so with SPEC §8's pages.login.googleLoginError, and the email form still works.
 */
export function GoogleSignInArea({ layout = 'button-first', size, text, oneTap, theme, onCredential }: GoogleSignInAreaProps) {
  const google = useGoogleIdentity();
  const [buttonFailed, setButtonFailed] = useState(false);
  if (google.status === 'disabled') return null;

  const button =
    google.status === 'failed' || buttonFailed ? (
      <Alert variant="error">{t('pages.login.googleLoginError')}</Alert>
    ) : google.status === 'ready' ? (
      <GoogleSignInButton
        api={google.api}
        clientId={google.clientId}
        size={size}
        text={text}
        oneTap={oneTap}
        theme={theme}
        onCredential={onCredential}
        onError={() => setButtonFailed(true)}
      />
    ) : (
      <div className="google-button google-button-pending" aria-hidden="true" />
    );
  const divider = (
    <div className="divider">
      <span>Or continue with</span>
    </div>
  );

  return (
    <div className="google-area">
      {layout === 'button-first' ? button : divider}
      {layout === 'button-first' ? divider : button}
    </div>
  );
}

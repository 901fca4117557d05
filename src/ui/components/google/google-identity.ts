/**
 * Google Identity Services (GIS), loaded lazily and once: the first Google component to mount injects
 * https://accounts.google.com/gsi/client and every later one shares the same promise (SPEC §2). A failed
 * load stays failed for the page's lifetime, and the Google area says so (SPEC §8's Google error).
 *
 * GIS takes one `initialize` per page (it warns on repeats), but several screens mount buttons over time,
 * so it is initialised once per client id with a callback that forwards to whichever screen listens now.
 */

export const GOOGLE_SCRIPT_SRC = 'https://accounts.google.com/gsi/client';

export interface GoogleCredentialResponse {
  credential?: string;
  select_by?: string;
}

export type GoogleButtonSize = 'large' | 'medium' | 'small';

export interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: GoogleButtonSize;
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  /** Pixels, 200–400 (GIS clamps). */
  width?: number;
  locale?: string;
}

/** The slice of `google.accounts.id` Flowsmith uses. */
export interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    context?: 'signin' | 'signup' | 'use';
  }): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
  prompt(): void;
  cancel(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

/** Button heights of SPEC §2, by GIS size. */
export const GOOGLE_BUTTON_HEIGHT: Record<GoogleButtonSize, number> = { large: 40, medium: 32, small: 20 };

let loading: Promise<GoogleAccountsId> | null = null;

/** Resolves with `google.accounts.id`; injects the script on the first call only. */
export function loadGoogleIdentity(doc: Document = document): Promise<GoogleAccountsId> {
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const existing = doc.defaultView?.google?.accounts?.id;
    if (existing) return resolve(existing);
    const script = doc.createElement('script');
    script.src = GOOGLE_SCRIPT_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const api = doc.defaultView?.google?.accounts?.id;
      if (api) resolve(api);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => reject(new Error('Google Identity Services could not be loaded'));
    doc.head.appendChild(script);
  });
  return loading;
}

/** Forgets the loaded script; for tests only. */
export function resetGoogleIdentityForTests(): void {
  loading = null;
  initializedFor = null;
  listener = null;
}

type CredentialListener = (response: GoogleCredentialResponse) => void;
let initializedFor: string | null = null;
let listener: CredentialListener | null = null;

/** Initialises GIS for `clientId` once, and makes `onCredential` the receiver of credentials. */
export function listenForCredentials(api: GoogleAccountsId, clientId: string, onCredential: CredentialListener): () => void {
  if (initializedFor !== clientId) {
    api.initialize({
      client_id: clientId,
      callback: (response) => listener?.(response),
      auto_select: false,
      cancel_on_tap_outside: true,
    });
    initializedFor = clientId;
  }
  listener = onCredential;
  return () => {
    if (listener === onCredential) listener = null;
  };
}

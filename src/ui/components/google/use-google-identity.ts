import { useEffect, useState } from 'react';
import { getRuntimeConfig } from '../../../api/runtime-config.ts';
import { loadGoogleIdentity, type GoogleAccountsId } from './google-identity.ts';

export type GoogleIdentityState =
  | { status: 'disabled' }
  | { status: 'loading'; clientId: string }
  | { status: 'failed' }
  | { status: 'ready'; clientId: string; api: GoogleAccountsId };

/**
 * The Google area's state. Without a client id from the server nothing is loaded and nothing shows;
 * a script that fails to load (offline, blocked) is 'failed', which the area shows as SPEC §8's Google error.
 */
export function useGoogleIdentity(): GoogleIdentityState {
  const clientId = getRuntimeConfig().googleClientId;
  const [state, setState] = useState<GoogleIdentityState>(() =>
    clientId ? { status: 'loading', clientId } : { status: 'disabled' },
  );

  useEffect(() => {
    if (!clientId) return;
    let active = true;
    loadGoogleIdentity().then(
      (api) => active && setState({ status: 'ready', clientId, api }),
      () => active && setState({ status: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [clientId]);

  return state;
}

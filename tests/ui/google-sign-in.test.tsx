/** Google sign-in: the script loads once, a load failure hides the area quietly, credentials reach the handler. */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  GOOGLE_SCRIPT_SRC,
  loadGoogleIdentity,
  resetGoogleIdentityForTests,
  type GoogleAccountsId,
  type GoogleButtonOptions,
  type GoogleCredentialResponse,
} from '../../src/ui/components/google/google-identity.ts';
import { GoogleSignInArea } from '../../src/ui/components/google/google-sign-in-area.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A stand-in document that records the scripts it is given instead of fetching them. */
function fakeDocument() {
  const scripts: Array<{ src: string; onload: (() => void) | null; onerror: (() => void) | null }> = [];
  const view: { google?: { accounts: { id: GoogleAccountsId } } } = {};
  const doc = {
    defaultView: view,
    createElement: () => ({ src: '', async: false, defer: false, onload: null, onerror: null }),
    head: { appendChild: (script: (typeof scripts)[number]) => scripts.push(script) },
  };
  return { doc: doc as unknown as Document, scripts, view };
}

function fakeGoogle() {
  const calls = { initialize: 0, prompt: 0, cancel: 0, buttons: [] as GoogleButtonOptions[] };
  let callback: ((response: GoogleCredentialResponse) => void) | undefined;
  const api: GoogleAccountsId = {
    initialize: (config) => {
      calls.initialize += 1;
      callback = config.callback;
    },
    renderButton: (parent, options) => {
      calls.buttons.push(options);
      parent.innerHTML = '<div role="button">Sign in with Google</div>';
    },
    prompt: () => void (calls.prompt += 1),
    cancel: () => void (calls.cancel += 1),
  };
  return { api, calls, send: (response: GoogleCredentialResponse) => callback?.(response) };
}

beforeAll(() => {
  // The server injects this; with a client id the Google area is wanted.
  const config = document.createElement('script');
  config.id = 'flowsmith-config';
  config.type = 'application/json';
  config.textContent = JSON.stringify({ googleClientId: 'client-123.apps.googleusercontent.com' });
  document.head.appendChild(config);
});

afterEach(() => {
  resetGoogleIdentityForTests();
  delete window.google;
});

describe('loadGoogleIdentity', () => {
  it('injects the GIS script once, however many components ask', async () => {
    const { doc, scripts, view } = fakeDocument();
    const first = loadGoogleIdentity(doc);
    const second = loadGoogleIdentity(doc);
    expect(first).toBe(second);
    expect(scripts.map((s) => s.src)).toEqual([GOOGLE_SCRIPT_SRC]);
    const { api } = fakeGoogle();
    view.google = { accounts: { id: api } };
    scripts[0]!.onload?.();
    await expect(first).resolves.toBe(api);
  });

  it('rejects when the script cannot be fetched', async () => {
    const { doc, scripts } = fakeDocument();
    const loading = loadGoogleIdentity(doc);
    scripts[0]!.onerror?.();
    await expect(loading).rejects.toThrow('could not be loaded');
  });
});

describe('GoogleSignInArea', () => {
  let container: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
  });

  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
  });

  it('renders the button and divider, prompts One Tap, and passes credentials on', async () => {
    const google = fakeGoogle();
    window.google = { accounts: { id: google.api } };
    const received: Array<string | undefined> = [];
    await act(async () => root.render(<GoogleSignInArea oneTap size="medium" onCredential={(c) => received.push(c)} />));

    expect(container.textContent).toContain('Or continue with');
    expect(container.querySelector('[role="button"]')?.textContent).toBe('Sign in with Google');
    expect(google.calls.initialize).toBe(1);
    expect(google.calls.prompt).toBe(1);
    expect(google.calls.buttons.at(-1)?.size).toBe('medium');

    google.send({ credential: 'jwt-from-google' });
    expect(received).toEqual(['jwt-from-google']);

    await act(async () => root.unmount());
    expect(google.calls.cancel).toBe(1);
    root = createRoot(container);
  });

  it('says pages.login.googleLoginError (SPEC §8), and throws nothing, when the script fails to load', async () => {
    const appendChild = document.head.appendChild.bind(document.head);
    const injected: HTMLScriptElement[] = [];
    document.head.appendChild = <T extends Node>(node: T): T => {
      if (node instanceof HTMLScriptElement && node.src === GOOGLE_SCRIPT_SRC) {
        injected.push(node);
        return node;
      }
      return appendChild(node);
    };
    try {
      await act(async () => root.render(<GoogleSignInArea onCredential={() => {}} />));
      expect(injected).toHaveLength(1);
      await act(async () => injected[0]!.onerror?.(new Event('error')));
      expect(container.querySelector('[role="alert"]')?.textContent).toBe('Google sign-in failed. Please try again.');
      expect(container.querySelector('.google-button')).toBeNull();
    } finally {
      document.head.appendChild = appendChild;
    }
  });

  it('says pages.login.googleLoginError when Google cannot draw its button', async () => {
    const google = fakeGoogle();
    google.api.renderButton = () => {
      throw new Error('GSI_LOGGER: The given client ID is not found.');
    };
    window.google = { accounts: { id: google.api } };
    await act(async () => root.render(<GoogleSignInArea onCredential={() => {}} />));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Google sign-in failed. Please try again.');
    expect(container.textContent).toContain('Or continue with');
  });
});

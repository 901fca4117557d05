import { describe, expect, it } from '@rstest/core';
import { ThemeStore, parseThemePreference } from '../../src/ui/stores/theme-store.ts';

function environment(stored: string | null, systemDark = false) {
  let listener: ((dark: boolean) => void) | null = null;
  const env = {
    stored,
    applied: [] as string[],
    read: () => env.stored,
    write: (value: string) => {
      env.stored = value;
    },
    systemPrefersDark: () => systemDark,
    onSystemChange: (l: (dark: boolean) => void) => {
      listener = l;
      return () => (listener = null);
    },
    applyClass: (resolved: string) => env.applied.push(resolved),
    osSwitchesTo: (dark: boolean) => listener?.(dark),
  };
  return env;
}

describe('theme preference', () => {
  it('reads light, dark and system, and treats anything else as system', () => {
    expect(parseThemePreference('light')).toBe('light');
    expect(parseThemePreference('dark')).toBe('dark');
    expect(parseThemePreference('system')).toBe('system');
    for (const bad of [null, undefined, '', 'Dark', 'blue', '"dark"']) expect(parseThemePreference(bad)).toBe('system');
  });

  it('follows the operating system live while the preference is system', () => {
    const env = environment('nonsense', false);
    const store = new ThemeStore(env);
    expect(store.preference).toBe('system');
    expect(env.applied.at(-1)).toBe('light');
    env.osSwitchesTo(true);
    expect(store.resolved).toBe('dark');
    expect(env.applied.at(-1)).toBe('dark');
    store.dispose();
  });

  it('toggles between dark and light from what is showing, and stores the result', () => {
    const env = environment(null, true);
    const store = new ThemeStore(env);
    store.toggle();
    expect(store.resolved).toBe('light');
    expect(env.stored).toBe('light');
    store.toggle();
    expect(env.stored).toBe('dark');
    // An explicit choice no longer follows the OS.
    env.osSwitchesTo(false);
    expect(store.resolved).toBe('dark');
    expect(env.applied.at(-1)).toBe('dark');
    store.dispose();
  });
});

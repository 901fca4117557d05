/**
 * Theme preference of SPEC §1: light, dark or system under the `theme` key (missing or invalid means
 * system). With system, the resolved theme follows the OS live. The store owns the `dark` class on <html>.
 */
import { action, autorun, computed, makeObservable, observable } from 'mobx';

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

export function parseThemePreference(raw: string | null | undefined): ThemePreference {
  return raw === 'light' || raw === 'dark' || raw === 'system' ? raw : 'system';
}

interface ThemeEnvironment {
  read(): string | null;
  write(value: string): void;
  /** The OS preference, and a way to hear it change; returns the disposer. */
  systemPrefersDark(): boolean;
  onSystemChange(listener: (prefersDark: boolean) => void): () => void;
  applyClass(resolved: ResolvedTheme): void;
}

export class ThemeStore {
  preference: ThemePreference;
  systemDark: boolean;
  private readonly disposers: Array<() => void> = [];

  constructor(private readonly env: ThemeEnvironment) {
    this.preference = parseThemePreference(env.read());
    this.systemDark = env.systemPrefersDark();
    makeObservable(this, {
      preference: observable,
      systemDark: observable,
      resolved: computed,
      toggle: action,
      setPreference: action,
    });
    this.disposers.push(env.onSystemChange(action((dark: boolean) => (this.systemDark = dark))));
    this.disposers.push(autorun(() => env.applyClass(this.resolved)));
  }

  get resolved(): ResolvedTheme {
    if (this.preference === 'system') return this.systemDark ? 'dark' : 'light';
    return this.preference;
  }

  /** Flips between dark and light (from whatever is showing) and stores the result. */
  toggle(): void {
    this.setPreference(this.resolved === 'dark' ? 'light' : 'dark');
  }

  setPreference(preference: ThemePreference): void {
    this.preference = preference;
    this.env.write(preference);
  }

  dispose(): void {
    for (const dispose of this.disposers.splice(0)) dispose();
  }
}

export function browserThemeEnvironment(): ThemeEnvironment {
  const media = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  return {
    read: () => {
      try {
        return localStorage.getItem(THEME_STORAGE_KEY);
      } catch {
        return null;
      }
    },
    write: (value) => {
      try {
        localStorage.setItem(THEME_STORAGE_KEY, value);
      } catch {
        /* storage unavailable: the choice lasts for this page only */
      }
    },
    systemPrefersDark: () => media?.matches ?? false,
    onSystemChange: (listener) => {
      if (!media) return () => {};
      const handler = (event: MediaQueryListEvent) => listener(event.matches);
      media.addEventListener('change', handler);
      return () => media.removeEventListener('change', handler);
    },
    applyClass: (resolved) => {
      if (typeof document === 'undefined') return;
      document.documentElement.classList.toggle('dark', resolved === 'dark');
      document.documentElement.style.colorScheme = resolved;
    },
  };
}

export const themeStore = new ThemeStore(browserThemeEnvironment());

/** Locale of SPEC §1: stored under `user-locale`, applied only when available; only English exists. */
import { action, makeObservable, observable } from 'mobx';

export const LOCALE_STORAGE_KEY = 'user-locale';
export const AVAILABLE_LOCALES = ['en'] as const;
export type Locale = (typeof AVAILABLE_LOCALES)[number];

const isAvailable = (value: string | null | undefined): value is Locale => AVAILABLE_LOCALES.includes(value as Locale);

export class LocaleStore {
  locale: Locale = 'en';

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null) {
    const stored = storage?.getItem(LOCALE_STORAGE_KEY);
    if (isAvailable(stored)) this.locale = stored;
    makeObservable(this, { locale: observable, setLocale: action });
  }

  /** Ignored for a locale that is not available. */
  setLocale(locale: string): void {
    if (!isAvailable(locale)) return;
    this.locale = locale;
    this.storage?.setItem(LOCALE_STORAGE_KEY, locale);
  }
}

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export const localeStore = new LocaleStore(browserStorage());

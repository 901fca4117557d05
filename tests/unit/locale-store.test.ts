import { describe, expect, it } from '@rstest/core';
import { LocaleStore } from '../../src/ui/stores/locale-store.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('locale', () => {
  it('applies a stored locale only when it is available', () => {
    expect(new LocaleStore(memoryStorage({ 'user-locale': 'en' })).locale).toBe('en');
    expect(new LocaleStore(memoryStorage({ 'user-locale': 'fr' })).locale).toBe('en');
  });

  it('ignores setting a locale that is not available', () => {
    const storage = memoryStorage();
    const store = new LocaleStore(storage);
    store.setLocale('de');
    expect(store.locale).toBe('en');
    expect(storage.data.has('user-locale')).toBe(false);
    store.setLocale('en');
    expect(storage.data.get('user-locale')).toBe('en');
  });
});

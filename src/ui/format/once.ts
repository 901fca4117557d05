/**
 * A value built on its first use. For Intl formatters: the first Intl object of a page sets up ICU's data,
 * and formatters built at import put that (tens of ms) into the load of every screen that imports one,
 * the editor's included, before anything was formatted.
 */
export function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

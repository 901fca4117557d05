/**
 * VAT ids on invoice addresses. For the 27 EU member states an id must have that state's format (the
 * structures the EU's VIES service documents, prefix included: Greece's is EL, not GR); elsewhere any
 * tax id of 2–20 letters and digits is taken, since formats outside the EU are not checked here.
 *
 * Only the format is checked: whether the number is registered is VIES's to say, and no network call is
 * made. People type ids with spaces, dots and dashes ("DE 123.456.789") and often without the prefix,
 * so an id is normalized first (capitals, separators removed, the state's prefix added) and stored so.
 */

interface EuVatFormat {
  /** The country's English name, for messages. */
  name: string;
  /** What VAT ids of the state start with (the country code, except EL for Greece). */
  prefix: string;
  /** What follows the prefix. */
  body: RegExp;
  example: string;
}

export const EU_VAT_FORMATS: Readonly<Record<string, EuVatFormat>> = {
  AT: { name: 'Austria', prefix: 'AT', body: /^U\d{8}$/, example: 'ATU12345678' },
  BE: { name: 'Belgium', prefix: 'BE', body: /^[01]\d{9}$/, example: 'BE0123456789' },
  BG: { name: 'Bulgaria', prefix: 'BG', body: /^\d{9,10}$/, example: 'BG123456789' },
  CY: { name: 'Cyprus', prefix: 'CY', body: /^\d{8}[A-Z]$/, example: 'CY12345678X' },
  CZ: { name: 'Czechia', prefix: 'CZ', body: /^\d{8,10}$/, example: 'CZ12345678' },
  DE: { name: 'Germany', prefix: 'DE', body: /^\d{9}$/, example: 'DE123456789' },
  DK: { name: 'Denmark', prefix: 'DK', body: /^\d{8}$/, example: 'DK12345678' },
  EE: { name: 'Estonia', prefix: 'EE', body: /^\d{9}$/, example: 'EE123456789' },
  ES: { name: 'Spain', prefix: 'ES', body: /^(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/, example: 'ESX1234567X' },
  FI: { name: 'Finland', prefix: 'FI', body: /^\d{8}$/, example: 'FI12345678' },
  FR: { name: 'France', prefix: 'FR', body: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, example: 'FR12345678901' },
  GR: { name: 'Greece', prefix: 'EL', body: /^\d{9}$/, example: 'EL123456789' },
  HR: { name: 'Croatia', prefix: 'HR', body: /^\d{11}$/, example: 'HR12345678901' },
  HU: { name: 'Hungary', prefix: 'HU', body: /^\d{8}$/, example: 'HU12345678' },
  IE: { name: 'Ireland', prefix: 'IE', body: /^(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/, example: 'IE1234567WA' },
  IT: { name: 'Italy', prefix: 'IT', body: /^\d{11}$/, example: 'IT12345678901' },
  LT: { name: 'Lithuania', prefix: 'LT', body: /^(?:\d{9}|\d{12})$/, example: 'LT123456789' },
  LU: { name: 'Luxembourg', prefix: 'LU', body: /^\d{8}$/, example: 'LU12345678' },
  LV: { name: 'Latvia', prefix: 'LV', body: /^\d{11}$/, example: 'LV12345678901' },
  MT: { name: 'Malta', prefix: 'MT', body: /^\d{8}$/, example: 'MT12345678' },
  NL: { name: 'Netherlands', prefix: 'NL', body: /^\d{9}B\d{2}$/, example: 'NL123456789B01' },
  PL: { name: 'Poland', prefix: 'PL', body: /^\d{10}$/, example: 'PL1234567890' },
  PT: { name: 'Portugal', prefix: 'PT', body: /^\d{9}$/, example: 'PT123456789' },
  RO: { name: 'Romania', prefix: 'RO', body: /^[1-9]\d{1,9}$/, example: 'RO1234567890' },
  SE: { name: 'Sweden', prefix: 'SE', body: /^\d{10}01$/, example: 'SE123456789001' },
  SI: { name: 'Slovenia', prefix: 'SI', body: /^\d{8}$/, example: 'SI12345678' },
  SK: { name: 'Slovakia', prefix: 'SK', body: /^\d{10}$/, example: 'SK1234567890' },
};

/** What a person may type before normalizing (separators included). */
export const VAT_ID_INPUT_MAX = 32;
const OTHER_TAX_ID = /^[A-Z0-9]{2,20}$/;
export const OTHER_TAX_ID_MESSAGE = 'Use 2–20 letters and digits';

/** Capitals, without spaces, dots, dashes and slashes. */
export const compactVatId = (text: string): string => text.toUpperCase().replace(/[\s.\-/]/g, '');

export type VatCheck = { ok: true; vatId: string } | { ok: false; message: string };

export const vatIdMessage = (format: EuVatFormat): string => `Not a valid VAT id for ${format.name} (e.g. ${format.example})`;

/**
 * Whether `text` is a VAT id for an address in `country`, and the id as it is stored. Empty means none.
 * An EU id may be typed with or without its prefix; another EU state's prefix is refused.
 */
export function checkVatId(country: string, text: string): VatCheck {
  const compact = compactVatId(text);
  if (compact === '') return { ok: true, vatId: '' };
  // Own keys only: a country such as 'constructor' must not find Object.prototype's members.
  const format = Object.hasOwn(EU_VAT_FORMATS, country) ? EU_VAT_FORMATS[country] : undefined;
  if (!format) return OTHER_TAX_ID.test(compact) ? { ok: true, vatId: compact } : { ok: false, message: OTHER_TAX_ID_MESSAGE };
  // The prefix stripped first (the usual way to type it), then the text as typed; Greece's ids are also
  // typed with GR.
  const prefix = [format.prefix, country].find((p) => compact.startsWith(p));
  const candidates = prefix ? [compact.slice(prefix.length), compact] : [compact];
  const body = candidates.find((candidate) => format.body.test(candidate));
  return body === undefined ? { ok: false, message: vatIdMessage(format) } : { ok: true, vatId: `${format.prefix}${body}` };
}

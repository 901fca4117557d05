/**
 * The invoice-address form's rules, pure so they are tested without a DOM: the fields' checks (the
 * contract's own, the server's), the VAT check for the chosen country, the country list worded in the
 * reader's language, and how an address is written out.
 */
import { COUNTRY_CODES } from '../../../../domain/contract/countries.ts';
import { checkVatId, EU_VAT_FORMATS } from '../../../../domain/contract/vat.ts';
import type { InvoiceAddress, InvoiceAddressBody } from '../../../../api/billing-api.ts';
import { FORMAT_LOCALE } from '../../../format/index.ts';

export {
  addressCitySchema,
  addressCompanySchema,
  addressLine1Schema,
  addressLine2Schema,
  addressNameSchema,
  postalCodeSchema,
  vatIdInputSchema,
} from '../../../../domain/contract/billing.ts';

export interface AddressFormValues {
  name: string;
  company: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  country: string;
  vatId: string;
  isDefault: boolean;
}

export type AddressField = keyof AddressFormValues;
export const ADDRESS_FIELDS: readonly AddressField[] = ['name', 'company', 'line1', 'line2', 'city', 'postalCode', 'country', 'vatId', 'isDefault'];

let regionNames: Intl.DisplayNames | undefined;

/** 'DE' → 'Germany', in English (the product's one language); the code itself if the browser has no name. */
export function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames([FORMAT_LOCALE], { type: 'region' });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

let options: Array<{ value: string; label: string }> | undefined;

/** Every country, by name; a first empty choice asks for one. */
export function countryOptions(): Array<{ value: string; label: string }> {
  options ??= [
    { value: '', label: 'Choose a country' },
    ...COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) => a.label.localeCompare(b.label, FORMAT_LOCALE)),
  ];
  return options;
}

/** What the VAT field's hint says for the chosen country. */
export function vatHint(country: string): string {
  const format = EU_VAT_FORMATS[country];
  if (format) return `VAT id for ${format.name}, e.g. ${format.example}`;
  return 'Your tax id, if the invoice should carry one';
}

/** The VAT field's message for this country, or undefined when it will be accepted (or is empty). */
export function vatError(country: string, vatId: string): string | undefined {
  if (vatId.trim() === '' || country === '') return undefined;
  const check = checkVatId(country, vatId);
  return check.ok ? undefined : check.message;
}

export function formDefaults(address: InvoiceAddress | undefined, firstAddress: boolean): AddressFormValues {
  return {
    name: address?.name ?? '',
    company: address?.company ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    postalCode: address?.postalCode ?? '',
    country: address?.country ?? '',
    vatId: address?.vatId ?? '',
    isDefault: address ? address.isDefault : firstAddress,
  };
}

/** The whole address, as the server takes it (it trims and normalizes). */
export function toRequest(values: AddressFormValues): InvoiceAddressBody {
  return {
    name: values.name,
    company: values.company,
    line1: values.line1,
    line2: values.line2,
    city: values.city,
    postalCode: values.postalCode,
    country: values.country,
    vatId: values.vatId,
    isDefault: values.isDefault,
  };
}

/** An existing address, made the default (the 'Make default' action). */
export function asDefault(address: InvoiceAddress): InvoiceAddressBody {
  return { ...toRequest(formDefaults(address, false)), isDefault: true };
}

/** Where the postal code follows the city ('Arlington VA 22201'); elsewhere it comes first ('10115 Berlin'). */
const CODE_AFTER_CITY = new Set(['AU', 'CA', 'GB', 'US']);

/** The address as it is printed, one line each, empty parts left out. */
export function addressLines(address: Pick<InvoiceAddress, 'company' | 'line1' | 'line2' | 'postalCode' | 'city' | 'country'>): string[] {
  const place = CODE_AFTER_CITY.has(address.country) ? [address.city, address.postalCode] : [address.postalCode, address.city];
  return [address.company, address.line1, address.line2, place.filter(Boolean).join(' '), countryName(address.country)].filter((line) => line.trim() !== '');
}

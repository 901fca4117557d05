/** The connection dialog's rules: requests built from the form (secrets left out when kept), field checks. */
import { describe, expect, it } from '@rstest/core';
import type { Connection } from '../../src/api/connections-api.ts';
import {
  connectionDetails,
  formDefaults,
  headersError,
  headerValueError,
  keepsSecrets,
  nameError,
  secretError,
  toCreateRequest,
  toUpdateRequest,
} from '../../src/ui/screens/settings/connections/connection-form.ts';

const stamps = { created: '2026-03-01T10:00:00.000Z', updated: '2026-03-02T10:00:00.000Z' };
const custom: Connection = { id: 'c1', name: 'Billing', type: 'CUSTOM_HEADERS', headerNames: ['X-Tenant', 'X-Signature'], ...stamps };
const apiKey: Connection = { id: 'c2', name: 'Maps', type: 'API_KEY', headerName: 'X-Api-Key', ...stamps };

describe('the connection form', () => {
  it('starts a new connection as a bearer token, and an edit with every secret field empty', () => {
    expect(formDefaults()).toMatchObject({ name: '', type: 'BEARER_TOKEN', headers: [{ name: '', value: '' }] });
    expect(formDefaults(custom)).toMatchObject({ name: 'Billing', type: 'CUSTOM_HEADERS', headers: [{ name: 'X-Tenant', value: '' }, { name: 'X-Signature', value: '' }] });
    expect(formDefaults(apiKey)).toMatchObject({ headerName: 'X-Api-Key', apiKey: '' });
  });

  it('creates with the fields of the chosen type only', () => {
    const values = { ...formDefaults(), name: ' Maps ', type: 'API_KEY' as const, headerName: 'X-Key ', apiKey: 'k-123456', token: 'left over' };
    expect(toCreateRequest(values)).toEqual({ name: 'Maps', type: 'API_KEY', header_name: 'X-Key', api_key: 'k-123456' });
  });

  it('leaves every empty secret out of an update, so the server keeps it', () => {
    expect(toUpdateRequest({ ...formDefaults(apiKey), name: 'Maps 2' }, apiKey)).toEqual({ name: 'Maps 2', header_name: 'X-Api-Key' });
    expect(toUpdateRequest({ ...formDefaults(apiKey), apiKey: 'new-key-1' }, apiKey)).toEqual({ name: 'Maps', header_name: 'X-Api-Key', api_key: 'new-key-1' });
    const headers = [{ name: 'X-Tenant', value: '' }, { name: 'X-New', value: 'new-value' }];
    expect(toUpdateRequest({ ...formDefaults(custom), headers }, custom)).toEqual({ name: 'Billing', headers: [{ name: 'X-Tenant' }, { name: 'X-New', value: 'new-value' }] });
  });

  it('sends the type only when it changes, and then needs every secret', () => {
    const values = { ...formDefaults(apiKey), type: 'BEARER_TOKEN' as const, token: 'tok-123456' };
    expect(toUpdateRequest(values, apiKey)).toEqual({ name: 'Maps', type: 'BEARER_TOKEN', token: 'tok-123456' });
    expect(keepsSecrets(apiKey, 'API_KEY')).toBe(true);
    expect(keepsSecrets(apiKey, 'BEARER_TOKEN')).toBe(false);
    expect(keepsSecrets(undefined, 'API_KEY')).toBe(false);
    expect(secretError('header', '', false, 'Enter the token')).toBe('Enter the token');
    expect(secretError('header', '', true, 'Enter the token')).toBeUndefined();
  });

  it('checks secrets, names and header rows in the server’s words', () => {
    expect(nameError('  ')).toBe('Enter a name');
    expect(nameError('my {{api}}')).toBe('A name cannot contain { } or control characters');
    expect(secretError('header', 'abc', true, 'x')).toBe('Use at least 4 characters');
    expect(secretError('header', 'tök-value', false, 'x')).toBe('Use printable ASCII characters, without spaces at either end');
    expect(secretError('password', 'pässwörd', false, 'x')).toBeUndefined();
    expect(headerValueError({ name: 'x-tenant', value: '' }, custom, 'CUSTOM_HEADERS')).toBeUndefined();
    expect(headerValueError({ name: 'X-Other', value: '' }, custom, 'CUSTOM_HEADERS')).toBe('Enter a value');
    expect(headersError([])).toBe('Add at least one header');
    expect(headersError([{ name: 'X-A', value: '' }, { name: 'x-a ', value: '' }])).toBe('"x-a" appears twice');
  });

  it('shows what each type sends, never a secret', () => {
    expect(connectionDetails(custom)).toBe('X-Tenant, X-Signature');
    expect(connectionDetails(apiKey)).toBe('Header X-Api-Key');
    expect(connectionDetails({ ...apiKey, type: 'BASIC_AUTH', username: 'shop' })).toBe('User shop');
  });
});

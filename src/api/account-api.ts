/**
 * The signed-in user's account (/settings/profile): read it, rename, change the address (a link is
 * mailed; following it calls `confirmEmail`), change the password (the answer is this tab's new token
 * pair: every other session ended), delete the account. What a person typed is checked with the
 * contract's schemas before it is sent, so a refusal reads the same whichever side made it.
 *
 * Query key: ['account']; every change invalidates it.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  accountSchema,
  accountUserReplySchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  confirmEmailBodySchema,
  deleteAccountBodySchema,
  emailChangeReplySchema,
  updateNameBodySchema,
  type Account,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type DeleteAccountBody,
} from '../domain/contract/account.ts';
import { tokenPairSchema, type TokenPair, type User } from '../domain/index.ts';
import { ApiError } from './api-error.ts';
import { checkedBody } from './checked-body.ts';
import { authenticatedClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';

export type { Account };

export function createAccountApi(http: HttpClient) {
  return {
    async get(): Promise<Account> {
      return accountSchema.parse(await http.request('/account'));
    },
    async rename(name: string): Promise<User> {
      const body = checkedBody(updateNameBodySchema, { name });
      return accountUserReplySchema.parse(await http.request('/account/name', { method: 'PUT', body })).user;
    },
    async requestEmailChange(request: ChangeEmailBody): Promise<{ message: string }> {
      const body = checkedBody(changeEmailBodySchema, request);
      return emailChangeReplySchema.parse(await http.request('/account/email', { method: 'POST', body }));
    },
    async confirmEmail(token: string): Promise<User> {
      const body = checkedBody(confirmEmailBodySchema, { token });
      return accountUserReplySchema.parse(await http.request('/account/email/confirm', { method: 'POST', body })).user;
    },
    async changePassword(request: ChangePasswordBody): Promise<TokenPair> {
      const body = checkedBody(changePasswordBodySchema, request);
      return tokenPairSchema.parse(await http.request('/account/password', { method: 'PUT', body }));
    },
    async remove(request: DeleteAccountBody): Promise<void> {
      await http.request('/account/delete', { method: 'POST', body: checkedBody(deleteAccountBodySchema, request) });
    },
  };
}

export const accountApi = createAccountApi(authenticatedClient);

export const accountKeys = { all: ['account'] as const };

export const accountQuery = () => queryOptions({ queryKey: accountKeys.all, queryFn: () => accountApi.get() });

/** The server's per-field messages of a refusal (400 VALIDATION, a wrong password, a taken address), first one per field. */
export function accountFieldErrors(error: unknown): Partial<Record<string, string>> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  const fields: Partial<Record<string, string>> = {};
  for (const [field, messages] of Object.entries(error.errors)) if (messages[0]) fields[field] = messages[0];
  return fields;
}

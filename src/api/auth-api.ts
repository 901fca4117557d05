/** The auth calls of SPEC §7, with their replies checked at the trust boundary. */
import {
  loginResponseSchema,
  userSchema,
  type ForgotPasswordRequest,
  type LoginRequest,
  type LoginResponse,
  type RegisterRequest,
  type ResetPasswordRequest,
  type User,
} from '../domain/index.ts';
import { ApiError } from './api-error.ts';
import { authenticatedClient, publicClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';

export interface AuthApi {
  login(request: LoginRequest): Promise<LoginResponse>;
  googleLogin(credentials: string): Promise<LoginResponse>;
  register(request: RegisterRequest): Promise<unknown>;
  forgotPassword(request: ForgotPasswordRequest): Promise<{ message?: string }>;
  resetPassword(request: ResetPasswordRequest): Promise<{ success?: boolean; message?: string }>;
  logout(refreshToken: string | null): Promise<void>;
  logoutAll(): Promise<void>;
  getProfile(): Promise<User>;
}

export function createAuthApi(publicHttp: HttpClient, authHttp: HttpClient): AuthApi {
  return {
    async login(request) {
      return loginResponseSchema.parse(await publicHttp.request('/auth/login', { method: 'POST', body: request }));
    },
    async googleLogin(credentials) {
      const reply = await publicHttp.request('/auth/google', { method: 'POST', body: { credentials } });
      // A crashed backend can answer 200 with its error page as text: SPEC §8 words the reply by that text.
      if (typeof reply === 'string') throw new ApiError({ kind: 'http', status: 200, body: reply });
      return loginResponseSchema.parse(reply);
    },
    register: (request) => publicHttp.request('/auth/register', { method: 'POST', body: request }),
    forgotPassword: (request) => publicHttp.request('/auth/forgot-password', { method: 'POST', body: request }),
    resetPassword: (request) => publicHttp.request('/auth/reset-password', { method: 'POST', body: request }),
    async logout(refreshToken) {
      await authHttp.request('/auth/logout', { method: 'POST', body: refreshToken ? { refresh_token: refreshToken } : {} });
    },
    async logoutAll() {
      await authHttp.request('/auth/logout-all', { method: 'POST', body: {} });
    },
    async getProfile() {
      return userSchema.parse(await authHttp.request('/profile'));
    },
  };
}

export const authApi = createAuthApi(publicClient, authenticatedClient);

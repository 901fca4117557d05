/**
 * Auth state of SPEC §4: the user, a loading flag and an error message. "Signed in" means an access token
 * is present; the store mirrors it from token storage so observers re-render when a refresh fails
 * elsewhere. At start a stored user is restored only with an access token; an unreadable one is removed.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { userSchema, type TokenPair, type User } from '../../domain/index.ts';
import { authApi, type AuthApi } from '../../api/auth-api.ts';
import { tokenStorage, type TokenStorage } from '../../api/token-storage.ts';
import {
  NO_GOOGLE_CREDENTIAL,
  forgotErrorMessage,
  googleErrorMessage,
  loginErrorMessage,
  registerErrorMessage,
  resetErrorMessage,
} from './auth-messages.ts';

export class AuthStore {
  user: User | null = null;
  loading = false;
  error: string | null = null;
  private accessToken: string | null;
  private readonly disposeTokenListener: () => void;

  constructor(
    private readonly api: AuthApi,
    private readonly tokens: TokenStorage,
  ) {
    this.accessToken = tokens.getAccessToken();
    this.user = this.restoreUser();
    makeObservable<AuthStore, 'accessToken' | 'setSignedIn' | 'syncToken'>(this, {
      user: observableRef,
      loading: observable,
      error: observable,
      accessToken: observable,
      isAuthenticated: computed,
      clearError: action,
      updateUser: action,
      setSignedIn: action,
      syncToken: action,
    });
    this.disposeTokenListener = tokens.subscribe(() => this.syncToken());
  }

  get isAuthenticated(): boolean {
    return this.accessToken !== null;
  }

  clearError(): void {
    this.error = null;
  }

  async login(values: { email: string; password: string }): Promise<boolean> {
    return this.run(loginErrorMessage, async () => {
      const reply = await this.api.login({ ...values, remember: true });
      if (reply.error) throw new ServerSaid(reply.error);
      this.setSignedIn(reply);
    });
  }

  async googleLogin(credential: string | undefined): Promise<boolean> {
    if (!credential) {
      runInAction(() => (this.error = NO_GOOGLE_CREDENTIAL));
      return false;
    }
    return this.run(googleErrorMessage, async () => {
      const reply = await this.api.googleLogin(credential);
      if (reply.error) throw new ServerSaid(reply.error);
      this.setSignedIn(reply);
    });
  }

  async register(values: { name: string; email: string; password: string }): Promise<boolean> {
    // The confirmation never leaves the browser: the payload is name, email and password only (SPEC §3).
    const { name, email, password } = values;
    return this.run(registerErrorMessage, () => this.api.register({ name, email, password }));
  }

  /** Resolves with the sentence to show on success, or null with `error` set. */
  async forgotPassword(email: string): Promise<string | null> {
    let message: string | null = null;
    const ok = await this.run(forgotErrorMessage, async () => {
      const reply = await this.api.forgotPassword({ email });
      message = reply?.message ?? 'If your email is registered, you will receive a password reset email shortly.';
    });
    return ok ? message : null;
  }

  async resetPassword(token: string, password: string): Promise<boolean> {
    return this.run(resetErrorMessage, async () => {
      const reply = await this.api.resetPassword({ token, password });
      if (reply?.success === false) throw new ServerSaid(reply.message ?? 'Password reset failed');
    });
  }

  /**
   * Tokens and the stored user are cleared even when the server call fails: signing out must always
   * work on this device, and there is nothing the user could do about the server's refusal.
   */
  async logout(): Promise<void> {
    try {
      await this.api.logout(this.tokens.getRefreshToken());
    } catch {
      // the refresh token expires on its own on the server
    } finally {
      this.signOutLocally();
    }
  }

  async logoutAll(): Promise<void> {
    await this.api.logoutAll();
    this.signOutLocally();
  }

  /** The account's name or address changed: the menu and the stored user follow at once. */
  updateUser(user: User): void {
    this.tokens.setStoredUser(JSON.stringify(user));
    this.user = user;
  }

  /** A password change ended every session but this tab's, whose new pair this is. */
  replaceTokens(pair: TokenPair): void {
    this.tokens.setTokens(pair);
  }

  /** The account was deleted: nothing is left to sign out of on the server, so only this device forgets it. */
  forgetAccount(): void {
    this.signOutLocally();
  }

  /** Does nothing when signed out; else loads and stores the profile, or answers null on failure. */
  async fetchCurrentUser(): Promise<User | null> {
    if (!this.isAuthenticated) return null;
    try {
      const user = await this.api.getProfile();
      runInAction(() => (this.user = user));
      this.tokens.setStoredUser(JSON.stringify(user));
      return user;
    } catch {
      return null;
    }
  }

  dispose(): void {
    this.disposeTokenListener();
  }

  private restoreUser(): User | null {
    const raw = this.tokens.getStoredUser();
    if (raw === null) return null;
    let parsed: ReturnType<typeof userSchema.safeParse>;
    try {
      parsed = userSchema.safeParse(JSON.parse(raw));
    } catch {
      parsed = userSchema.safeParse(undefined);
    }
    if (!parsed.success) {
      this.tokens.removeStoredUser();
      return null;
    }
    return this.accessToken ? parsed.data : null;
  }

  private setSignedIn(reply: { access_token: string; refresh_token: string; user: User }): void {
    this.tokens.setTokens({ access_token: reply.access_token, refresh_token: reply.refresh_token });
    this.tokens.setStoredUser(JSON.stringify(reply.user));
    this.user = reply.user;
  }

  private signOutLocally(): void {
    this.tokens.clearTokens();
    this.tokens.removeStoredUser();
    runInAction(() => (this.user = null));
  }

  private syncToken(): void {
    this.accessToken = this.tokens.getAccessToken();
    if (this.accessToken === null) this.user = null;
  }

  /** Runs one auth call with the loading flag set and maps any failure to its SPEC §8 sentence. */
  private async run(toMessage: (error: unknown) => string, work: () => Promise<unknown>): Promise<boolean> {
    runInAction(() => {
      this.loading = true;
      this.error = null;
    });
    try {
      await work();
      return true;
    } catch (error) {
      runInAction(() => (this.error = error instanceof ServerSaid ? error.message : toMessage(error)));
      return false;
    } finally {
      runInAction(() => (this.loading = false));
    }
  }
}

/** A reply that arrived fine but carries the server's own error sentence. */
class ServerSaid extends Error {}

export const authStore = new AuthStore(authApi, tokenStorage);

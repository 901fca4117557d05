/**
 * A bench's way into the real API over HTTP: `call(method, path, body)` answers the reply's JSON and throws
 * on a non-2xx; `signIn` registers and logs in a user, after which every call carries its bearer token.
 */
export interface ApiCaller {
  call(method: string, path: string, body?: unknown): Promise<Record<string, any>>;
  /** Answers the access token (a socket needs it too). */
  signIn(email: string): Promise<string>;
}

export function apiCaller(base: string): ApiCaller {
  let token = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const reply = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await reply.json()) as Record<string, any>;
    if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(json)}`);
    return json;
  };
  const signIn = async (email: string) => {
    const user = { name: 'Bench', email, password: 'bench-password-1' };
    await call('POST', '/auth/register', user);
    token = (await call('POST', '/auth/login', { email: user.email, password: user.password })).access_token;
    return token;
  };
  return { call, signIn };
}

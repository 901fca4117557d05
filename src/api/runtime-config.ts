/**
 * Settings the server knows at run time (not build time), injected into index.html as JSON so the login
 * page needs no extra request: `<script id="flowsmith-config" type="application/json">`.
 */
import * as z from 'zod/mini';

const runtimeConfigSchema = z.object({ googleClientId: z.catch(z.nullable(z.string().check(z.minLength(1))), null) });
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let cached: RuntimeConfig | undefined;

export function getRuntimeConfig(): RuntimeConfig {
  if (cached) return cached;
  let raw: unknown = {};
  try {
    const text = globalThis.document?.getElementById('flowsmith-config')?.textContent;
    if (text) raw = JSON.parse(text);
  } catch {
    raw = {};
  }
  const parsed = runtimeConfigSchema.safeParse(raw);
  cached = parsed.success ? parsed.data : { googleClientId: null };
  return cached;
}

/**
 * An input that must be a JSON object: the editor keeps typed JSON as text, and a lone reference may
 * have resolved to an object already, so both forms are accepted; anything else fails with `message`.
 */
export function objectInput(value: unknown, message: string): Record<string, unknown> {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new Error(message);
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(message);
  return parsed as Record<string, unknown>;
}

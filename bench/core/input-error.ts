/** A problem with what the user gave `npm run bench:core` (a file, a script, an option): one line, exit code 2. */
export class InputError extends Error {
  override name = 'InputError';
}

/** Up to two initials for the avatar: from the name's first and last words, else the email, else '?'. */
export function initials(name: string | undefined, email?: string): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const first = words[0]!;
    const last = words.length > 1 ? words[words.length - 1]! : '';
    return (Array.from(first)[0]! + (last ? Array.from(last)[0]! : '')).toUpperCase();
  }
  const fromEmail = email?.trim()[0];
  return fromEmail ? fromEmail.toUpperCase() : '?';
}

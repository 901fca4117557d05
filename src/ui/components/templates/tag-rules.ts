/**
 * What adding a typed tag does, pure so it is tested without a DOM: a tag is trimmed, kept once
 * (case-insensitively, as parseTags does), at most MAX_TEMPLATE_TAG_LENGTH characters, and at most
 * MAX_TEMPLATE_TAGS of them (SPEC §5: 'At most 10 tags', the contract's own words).
 */
import { MAX_TEMPLATE_TAG_LENGTH, MAX_TEMPLATE_TAGS, TOO_MANY_TAGS_MESSAGE } from '../../../domain/contract/templates.ts';

export const TAG_TOO_LONG_MESSAGE = `Tags must be at most ${MAX_TEMPLATE_TAG_LENGTH} characters`;

export interface TagAddition {
  tags: string[];
  /** Why a tag was refused (those before it were added), or undefined. */
  error?: string | undefined;
  /** The refused tag and those after it, as typed, to stay in the field. */
  left?: string[];
}

/** Adds each of `typed` (already split) to `tags`, stopping at the first refusal. */
export function addTags(tags: readonly string[], typed: readonly string[]): TagAddition {
  const next = [...tags];
  for (const [index, raw] of typed.entries()) {
    const tag = raw.trim();
    if (!tag) continue;
    if (next.some((existing) => existing.toLowerCase() === tag.toLowerCase())) continue;
    if (tag.length > MAX_TEMPLATE_TAG_LENGTH) return { tags: next, error: TAG_TOO_LONG_MESSAGE, left: typed.slice(index) };
    if (next.length >= MAX_TEMPLATE_TAGS) return { tags: next, error: TOO_MANY_TAGS_MESSAGE, left: typed.slice(index) };
    next.push(tag);
  }
  return { tags: next };
}

/**
 * Key chords as the registry keeps them: 'Mod+Shift+Z', 'Delete', '?'. `Mod` is Ctrl or Cmd (the editor
 * treats both alike on every platform). Letters compare without case; a symbol typed with Shift ('?')
 * ignores Shift, since the character already says it. A chord is normalised to one string so two
 * commands on the same chord are found when the registry is built.
 */

export interface KeyChord {
  mod: boolean;
  shift: boolean;
  alt: boolean;
  /** Lower case: 'z', 'delete', 'arrowdown', '?'. */
  key: string;
  /** The key as written in the definition, for display ('Z', 'Delete', '?'). */
  display: string;
}

const MODIFIERS = new Set(['mod', 'shift', 'alt']);

/** A single printable character that is not a letter or digit: Shift is part of typing it. */
function isSymbol(key: string): boolean {
  return key.length === 1 && !/[a-z0-9]/i.test(key);
}

export function parseChord(text: string): KeyChord {
  // '+' itself is a key: 'Mod++' splits into ['Mod', '', ''].
  const parts = text.endsWith('++') ? [...text.slice(0, -2).split('+'), '+'] : text.split('+');
  const display = parts.pop() ?? '';
  const modifiers = parts.map((part) => part.toLowerCase());
  const unknown = modifiers.find((part) => !MODIFIERS.has(part));
  if (!display || unknown !== undefined) throw new Error(`Unreadable key binding '${text}'`);
  const key = display.toLowerCase();
  return { mod: modifiers.includes('mod'), shift: modifiers.includes('shift') && !isSymbol(key), alt: modifiers.includes('alt'), key, display };
}

/** The normalised form two bindings are compared by. */
export function chordId(chord: Pick<KeyChord, 'mod' | 'shift' | 'alt' | 'key'>): string {
  return `${chord.mod ? 'mod+' : ''}${chord.alt ? 'alt+' : ''}${chord.shift ? 'shift+' : ''}${chord.key}`;
}

export type KeyEventLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

export function chordIdOfEvent(event: KeyEventLike): string {
  // Some layouts and drivers report Shift+/ as '/' with Shift rather than '?'.
  const key = event.key === '/' && event.shiftKey ? '?' : event.key.toLowerCase();
  return chordId({ mod: event.ctrlKey || event.metaKey, alt: event.altKey, shift: event.shiftKey && !isSymbol(key), key });
}

function parts(chord: KeyChord): string[] {
  return [...(chord.mod ? ['Ctrl/Cmd'] : []), ...(chord.alt ? ['Alt'] : []), ...(chord.shift ? ['Shift'] : []), chord.display];
}

/** As the shortcuts list writes it: 'Ctrl/Cmd + Shift + Z'. */
export function spokenChord(text: string): string {
  return parts(parseChord(text)).join(' + ');
}

/** As a tooltip writes it: 'Ctrl/Cmd+Shift+Z'. */
export function compactChord(text: string): string {
  return parts(parseChord(text)).join('+');
}

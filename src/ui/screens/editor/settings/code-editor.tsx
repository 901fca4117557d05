/**
 * The code field: a monospace textarea where Tab indents by two spaces, as in a code editor. To keep
 * keyboard users from being trapped, Shift+Tab always moves focus back, and Escape followed by Tab moves
 * focus on (the first Escape is taken here, so it does not close the panel; a second one does).
 */
import { useRef, type KeyboardEvent } from 'react';
import { TextControl } from './fields.tsx';

const INDENT = '  ';

interface CodeEditorProps {
  value: string;
  onValue: (code: string) => void;
  error?: string | undefined;
  onBlur?: () => void;
}

export function CodeEditor({ value, onValue, error, onBlur }: CodeEditorProps) {
  const leaving = useRef(false);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      if (leaving.current) return; // second Escape: let the panel close
      leaving.current = true;
      event.preventDefault();
      return;
    }
    if (event.key !== 'Tab' || event.shiftKey || event.ctrlKey || event.metaKey || event.altKey || leaving.current) {
      leaving.current = false;
      return;
    }
    event.preventDefault();
    const area = event.currentTarget;
    const { selectionStart: start, selectionEnd: end, value } = area;
    // Written through the prototype's setter, past React's value tracking, so the input event below
    // reaches onChange like typed text (and the browser keeps the caret where we put it).
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, value.slice(0, start) + INDENT + value.slice(end));
    area.setSelectionRange(start + INDENT.length, start + INDENT.length);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  };

  return (
    <TextControl
      label="Code"
      value={value}
      onValue={onValue}
      multiline
      monospace
      rows={12}
      required
      error={error}
      className="settings-code"
      description="Tab indents. Press Escape, then Tab, to move on."
      onKeyDown={onKeyDown}
      onBlur={() => {
        leaving.current = false;
        onBlur?.();
      }}
    />
  );
}

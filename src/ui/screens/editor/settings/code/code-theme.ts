/**
 * The code editor's look in the app's colours: every colour is a CSS variable (the app's own tokens, and
 * the syntax colours in code-editor.css, defined for light and dark), so one CodeMirror theme serves both
 * and follows a theme switch without reconfiguring the editor. Syntax colours keep 4.5:1 against the
 * field's background in both themes (axe checks the editor in e2e).
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import type { Extension } from '@codemirror/state';
import { tags as t } from '@lezer/highlight';

const field = EditorView.theme({
  '&': {
    color: 'var(--fg)',
    backgroundColor: 'var(--input-bg)',
    fontSize: '13px',
    border: '1px solid var(--border-strong)',
    borderRadius: 'var(--radius-sm)',
    minHeight: '14rem',
    maxHeight: '32rem',
  },
  '&.cm-focused': { outline: 'none', borderColor: 'var(--ring)', boxShadow: 'var(--focus-ring)' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.5', overflow: 'auto' },
  '.cm-content': { padding: '0.5rem 0', caretColor: 'var(--fg)' },
  '.cm-line': { padding: '0 0.75rem 0 0.5rem' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--fg)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
    backgroundColor: 'var(--code-selection)',
  },
  '.cm-activeLine': { backgroundColor: 'var(--code-active-line)' },
  '.cm-gutters': {
    backgroundColor: 'var(--bg-subtle)',
    color: 'var(--fg-muted)',
    borderRight: '1px solid var(--border)',
    borderRadius: 'var(--radius-sm) 0 0 var(--radius-sm)',
  },
  '.cm-activeLineGutter': { backgroundColor: 'var(--code-active-line)', color: 'var(--fg)' },
  '.cm-lineNumbers .cm-gutterElement': { padding: '0 0.5rem 0 0.75rem', minWidth: '2.5rem' },
  '&.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--code-bracket)', outline: '1px solid var(--code-bracket-border)' },
  '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: 'var(--danger-soft)', outline: '1px solid var(--danger)' },
  '.cm-searchMatch': { backgroundColor: 'var(--code-match)', outline: '1px solid var(--code-match-border)' },
  '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'var(--code-match-selected)' },
  '.cm-selectionMatch': { backgroundColor: 'var(--code-selection-match)' },
  '.cm-panels': { backgroundColor: 'var(--bg-subtle)', color: 'var(--fg)' },
  '.cm-panels.cm-panels-top': { borderBottom: '1px solid var(--border)' },
  '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--border)' },
  '.cm-panel.cm-search': { padding: '0.375rem 1.75rem 0.375rem 0.5rem', fontFamily: 'var(--font-sans)' },
  '.cm-panel.cm-search label': { fontSize: '12px', color: 'var(--fg)', display: 'inline-flex', alignItems: 'center', gap: '0.25rem' },
  '.cm-panel.cm-search input, .cm-panel.cm-search button, .cm-panel.cm-search label': { margin: '0.125rem 0.375rem 0.125rem 0' },
  '.cm-panel.cm-search [name=close]': { color: 'var(--fg-muted)', cursor: 'pointer', fontSize: '16px', top: '0.25rem', right: '0.375rem', margin: '0' },
  '.cm-textfield': {
    backgroundColor: 'var(--input-bg)',
    color: 'var(--fg)',
    border: '1px solid var(--border-strong)',
    borderRadius: 'var(--radius-sm)',
    padding: '0.125rem 0.375rem',
    font: 'inherit',
    fontSize: '12px',
  },
  '.cm-button': {
    backgroundImage: 'none',
    backgroundColor: 'var(--bg)',
    color: 'var(--fg)',
    border: '1px solid var(--border-strong)',
    borderRadius: 'var(--radius-sm)',
    padding: '0.125rem 0.5rem',
    fontSize: '12px',
    cursor: 'pointer',
  },
  '.cm-button:hover': { backgroundColor: 'var(--bg-hover)' },
  '.cm-textfield:focus-visible, .cm-button:focus-visible, .cm-panel.cm-search input[type=checkbox]:focus-visible': {
    outline: 'none',
    boxShadow: 'var(--focus-ring)',
  },
  '.cm-tooltip': {
    backgroundColor: 'var(--bg)',
    color: 'var(--fg)',
    border: '1px solid var(--border-strong)',
    borderRadius: 'var(--radius-sm)',
    boxShadow: 'var(--shadow-md)',
  },
  '.cm-tooltip.cm-tooltip-autocomplete > ul': { fontFamily: 'var(--font-mono)', fontSize: '12px' },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li': { padding: '0.125rem 0.5rem' },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--accent)', color: 'var(--accent-fg)' },
  '.cm-completionDetail': { color: 'inherit', opacity: '0.85', marginLeft: '0.75em', fontStyle: 'normal' },
  '.cm-completionMatchedText': { textDecoration: 'none', fontWeight: '600' },
  '.cm-diagnostic': { fontFamily: 'var(--font-sans)', fontSize: '12px', padding: '0.25rem 0.5rem' },
  '.cm-diagnostic-error': { borderLeft: '4px solid var(--danger)' },
  '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'wavy underline var(--danger)', textUnderlineOffset: '3px' },
  '.cm-lintPoint-error:after': { borderBottomColor: 'var(--danger)' },
  '.cm-gutter-lint': { width: '1.1em' },
});

const syntax = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.operatorKeyword, t.definitionKeyword, t.modifier], color: 'var(--code-keyword)' },
  { tag: [t.string, t.special(t.string), t.character], color: 'var(--code-string)' },
  { tag: [t.regexp, t.escape], color: 'var(--code-regexp)' },
  { tag: [t.number, t.bool, t.null, t.atom, t.self], color: 'var(--code-constant)' },
  { tag: [t.lineComment, t.blockComment, t.docComment], color: 'var(--code-comment)', fontStyle: 'italic' },
  { tag: [t.function(t.variableName), t.function(t.propertyName), t.function(t.definition(t.variableName))], color: 'var(--code-function)' },
  { tag: [t.propertyName, t.definition(t.propertyName)], color: 'var(--code-property)' },
  { tag: [t.typeName, t.className], color: 'var(--code-type)' },
  { tag: t.invalid, color: 'var(--danger-fg)' },
]);

export const codeTheme: Extension = [field, syntaxHighlighting(syntax)];

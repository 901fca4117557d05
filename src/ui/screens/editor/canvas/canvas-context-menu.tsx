/**
 * The right-click menu of the canvas, on Ark's Menu with its context trigger (a long press on touch
 * screens too): on a step card it offers what applies to the step (context-menu-items.ts), elsewhere
 * what applies to the canvas. A right-click on a step outside the selection selects it first, as file
 * managers do, so the commands act on what the menu was opened on. Shift+F10 or the Menu key opens the
 * same menu at the selected card (`openFromKeyboard`), its first item highlighted.
 */
import { useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Menu, Portal, useMenu } from '@ark-ui/react';
import type { CommandContext } from '../commands/command.ts';
import type { CommandRegistry } from '../commands/registry.ts';
import { menuLines, type MenuKind } from './context-menu-items.ts';
import '../../../components/data/controls.css';

/** The card a point or event is on: a step's or the trigger's node id. */
function cardOf(target: EventTarget | null): string | null {
  const node = target instanceof Element ? target.closest<HTMLElement>('.react-flow__node-step, .react-flow__node-trigger') : null;
  return node?.dataset.id ?? null;
}

function cardElement(name: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(name)}"]`);
}

interface CanvasContextMenuProps {
  registry: CommandRegistry;
  context: CommandContext;
  children: ReactNode;
  /** Filled with the keyboard's way in (the `menu.open` command calls it). */
  openRef: MutableRefObject<(() => void) | null>;
}

/** The items, built only while the menu is open (lazily mounted), so edits cost nothing while it is shut. */
const MenuItems = observer(function MenuItems({ kind, registry, context }: { kind: MenuKind; registry: CommandRegistry; context: CommandContext }) {
  return menuLines(kind, registry, context).map((line, index) =>
    line === 'separator' ? (
      <Menu.Separator key={`separator-${index}`} className="menu-separator" />
    ) : (
      <Menu.Item key={line.id} value={line.id} disabled={line.disabled} className={line.danger ? 'menu-item menu-item-danger' : 'menu-item'}>
        <span className="editor-menu-text">{line.label}</span>
        {line.keys ? <kbd className="editor-menu-key">{line.keys}</kbd> : null}
      </Menu.Item>
    ),
  );
});

export function CanvasContextMenu({ registry, context, children, openRef }: CanvasContextMenuProps) {
  const [kind, setKind] = useState<MenuKind>('canvas');
  const kindRef = useRef<MenuKind>('canvas');
  const area = useRef<HTMLDivElement>(null);
  const fromKeyboard = useRef(false);
  const { store } = context;

  const menu = useMenu({
    positioning: { placement: 'bottom-start', gutter: 2 },
    onOpenChange: ({ open }) => {
      const first = open && fromKeyboard.current ? menuLines(kindRef.current, registry, context).find((line) => line !== 'separator' && !line.disabled) : undefined;
      if (first && first !== 'separator') {
        const value = first.id;
        requestAnimationFrame(() => menu.api.setHighlightedValue(value));
      }
      fromKeyboard.current = false;
    },
    onSelect: ({ value }) => {
      // The command runs once the menu has closed, so what it opens (rename, the picker) keeps the focus.
      requestAnimationFrame(() => {
        registry.run(value, context);
        requestAnimationFrame(() => {
          const primary = store.primary;
          if (primary && (document.activeElement === document.body || document.activeElement === null)) cardElement(primary)?.focus({ preventScroll: true });
        });
      });
    },
  });

  openRef.current = () => {
    const primary = store.primary;
    const card = primary ? cardElement(primary) : null;
    const target: Element | null = card ?? area.current?.querySelector('.react-flow__pane') ?? null;
    if (!target) return;
    const rect = target.getBoundingClientRect();
    fromKeyboard.current = true;
    // Through the context trigger's own handler, so the keyboard opens exactly the menu a click would.
    target.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: rect.left + Math.min(rect.width / 2, 120), clientY: card ? rect.bottom : rect.top + rect.height / 2 }));
  };

  return (
    <Menu.RootProvider value={menu} lazyMount unmountOnExit>
      <Menu.ContextTrigger asChild>
        <div
          ref={area}
          className="canvas-context-area"
          onContextMenuCapture={(event) => {
            const name = cardOf(event.target);
            kindRef.current = name ? 'step' : 'canvas';
            setKind(kindRef.current);
            if (name && !store.selected.has(name)) store.selectMany([name]);
          }}
        >
          {children}
        </div>
      </Menu.ContextTrigger>
      <Portal>
        <Menu.Positioner>
          {/* Named by its own label: the context trigger (the whole canvas) would otherwise name it. */}
          <Menu.Content className="menu menu-compact canvas-menu" aria-labelledby="canvas-menu-label">
            <span id="canvas-menu-label" hidden>
              {kind === 'step' ? 'Step actions' : 'Canvas actions'}
            </span>
            <MenuItems kind={kind} registry={registry} context={context} />
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.RootProvider>
  );
}

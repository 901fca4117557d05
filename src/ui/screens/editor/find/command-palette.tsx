/**
 * The command palette (Ctrl/Cmd+K): every editor command with its shortcut, filtered as you type, Enter
 * runs it (disabled ones are listed, marked, and do nothing); steps matching the query are offered too
 * and jump the canvas as the find box does. On Ark's Dialog: focus trapped, Escape closes, focus returns.
 */
import { useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Dialog, Portal } from '@ark-ui/react';
import type { CommandContext } from '../commands/command.ts';
import type { CommandRegistry } from '../commands/registry.ts';
import { paletteItems } from './palette-items.ts';
import { SearchList } from './search-list.tsx';
import '../../../components/data/controls.css';
import './find.css';

interface CommandPaletteProps {
  open: boolean;
  onClose(): void;
  registry: CommandRegistry;
  context: CommandContext;
  reveal(name: string, select: boolean): void;
}

interface PaletteBodyProps {
  registry: CommandRegistry;
  context: CommandContext;
  reveal(name: string, select: boolean): void;
  onChosen(run: () => void): void;
}

const PaletteBody = observer(function PaletteBody({ registry, context, reveal, onChosen }: PaletteBodyProps) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // Built while rendering (an observer), so enabled states follow the store; the step search is cached per version.
  const items = paletteItems(registry, context, query);
  const count = items.filter((item) => !item.disabled).length;
  return (
    <SearchList
      label="Command palette"
      placeholder="Type a command or a step’s name…"
      query={query}
      onQuery={setQuery}
      items={items}
      inputRef={input}
      className="palette-list"
      status={items.length === 0 ? 'Nothing matches' : `${count} available`}
      onChoose={(item) => {
        const [kind, ...rest] = item.id.split(':');
        const id = rest.join(':');
        onChosen(kind === 'command' ? () => void registry.run(id, context) : () => reveal(id, true));
      }}
    />
  );
});

export function CommandPalette({ open, onClose, registry, context, reveal }: CommandPaletteProps) {
  // What was chosen runs once the dialog has closed and handed the focus back, so a command that opens
  // something (the find box, a dialog) keeps the focus it gives.
  const pending = useRef<(() => void) | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => (details.open ? undefined : onClose())}
      onExitComplete={() => {
        const run = pending.current;
        pending.current = null;
        run?.();
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Positioner className="dialog-positioner palette-positioner">
          <Dialog.Content className="dialog dialog-md palette" aria-label="Command palette">
            <Dialog.Title className="visually-hidden">Command palette</Dialog.Title>
            <PaletteBody
              registry={registry}
              context={context}
              reveal={reveal}
              onChosen={(run) => {
                pending.current ??= run;
                onClose();
              }}
            />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

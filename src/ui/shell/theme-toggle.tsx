import { observer } from 'mobx-react-lite';
import { Moon, Sun } from 'lucide-react';
import { themeStore } from '../stores/theme-store.ts';

/** Flips between dark and light and remembers it (SPEC §1). The icon shows what a click switches to. */
export const ThemeToggle = observer(function ThemeToggle() {
  const dark = themeStore.resolved === 'dark';
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="Toggle theme"
      title={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={() => themeStore.toggle()}
    >
      {dark ? <Sun width={18} height={18} aria-hidden="true" /> : <Moon width={18} height={18} aria-hidden="true" />}
    </button>
  );
});

import { useId, type KeyboardEvent } from 'react';
import { Search, X } from 'lucide-react';

interface SearchInputProps {
  value: string;
  onValueChange: (value: string) => void;
  /** The accessible name; also the placeholder unless one is given. */
  label?: string;
  placeholder?: string;
  className?: string;
}

/**
 * A labelled search box with a clear button; Escape clears it too. It reports every keystroke — a screen
 * that queries the server debounces with `useDebouncedValue`, so typing stays instant.
 */
export function SearchInput({ value, onValueChange, label = 'Search', placeholder, className }: SearchInputProps) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && value) {
      event.preventDefault();
      onValueChange('');
    }
  };
  return (
    <div className={className ? `search-input ${className}` : 'search-input'}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Search className="search-input-icon" width={16} height={16} aria-hidden="true" />
      <input
        id={id}
        type="search"
        className="input search-input-field"
        value={value}
        placeholder={placeholder ?? label}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {value ? (
        <button type="button" className="search-input-clear" aria-label="Clear search" onClick={() => onValueChange('')}>
          <X width={14} height={14} aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}

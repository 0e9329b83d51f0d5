import './combobox.css';
import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useId, useState } from 'react';
import { Field } from './field';

export interface ComboboxProps<T> {
  label: ReactNode;
  id?: string;
  hint?: ReactNode;
  error?: string | null;
  placeholder?: string;
  /** What is typed. */
  value: string;
  onValueChange: (value: string) => void;
  /** The matches for what is typed (the caller searches); shown while the field has something in it. */
  options: readonly T[];
  optionKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  onChoose: (option: T) => void;
  /** The list's accessible name ("Matching symbols"). */
  listLabel: string;
  /** Said to screen readers and under the field when there is no list to show ("Searching…", "No match"). */
  status?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A text field that suggests (WAI-ARIA combobox with a listbox): the arrows move through the matches, Enter chooses
 * the highlighted one (the first when none is), Escape closes the list and, pressed again, clears the field. The focus
 * stays in the field throughout, so typing goes on where it was.
 */
export function Combobox<T>({
  label,
  id,
  hint,
  error,
  placeholder,
  value,
  onValueChange,
  options,
  optionKey,
  renderOption,
  onChoose,
  listLabel,
  status,
  inputRef,
}: ComboboxProps<T>) {
  const listId = useId();
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const keys = options.map(optionKey).join(' ');
  // New matches: nothing highlighted until the arrows say so.
  useEffect(() => setActive(-1), [keys]);
  const open = !dismissed && value.trim() !== '' && options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const choose = (option: T | undefined) => {
    if (!option) return;
    onChoose(option);
    setDismissed(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setDismissed(false);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        if (!open || current === -1) return step === 1 ? 0 : options.length - 1;
        return (current + step + options.length) % options.length;
      });
    } else if (event.key === 'Enter') {
      if (!open) return;
      event.preventDefault();
      choose(options[Math.max(active, 0)]);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setDismissed(true);
      } else if (value !== '') {
        event.preventDefault();
        onValueChange('');
      }
    }
  };

  const said = open ? `${options.length} match${options.length === 1 ? '' : 'es'}` : (status ?? '');
  return (
    <Field label={label} id={id} hint={hint} error={error}>
      {(control) => (
        <div className="bp-combobox">
          <input
            ref={inputRef}
            className="bp-input"
            {...control}
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            placeholder={placeholder}
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(event) => {
              setDismissed(false);
              onValueChange(event.target.value);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setDismissed(true)}
            onFocus={() => setDismissed(false)}
          />
          {open ? (
            // Only while open: a hidden list named "Matching …" would still be found by a search for the field's label.
            <div className="bp-combobox__list" id={listId} role="listbox" aria-label={listLabel}>
              {options.map((option, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the field takes the keys (aria-activedescendant).
                <div
                  key={optionKey(option)}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  className={`bp-combobox__option${index === active ? ' bp-combobox__option--active' : ''}`}
                  // The field keeps the focus: a click chooses without blurring it first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                >
                  {renderOption(option)}
                </div>
              ))}
            </div>
          ) : null}
          {/* One live region: the number of matches while the list is open (read out, not shown: the list shows
              them), otherwise what the search says, shown under the field too. */}
          <p className={open || !said ? 'visually-hidden' : 'bp-field__hint'} aria-live="polite">
            {said}
          </p>
        </div>
      )}
    </Field>
  );
}

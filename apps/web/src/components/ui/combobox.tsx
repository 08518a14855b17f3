import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styles from './combobox.module.css';
import { FieldFrame } from './field-frame.tsx';
import fieldStyles from './text-field.module.css';

/** One choice of a combobox: its id, the text it reads as, and a second line under it. */
export type TComboboxOption = { id: string; label: string; detail?: string | undefined };

type TComboboxProps = {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string | undefined;
  placeholder?: string | undefined;
  /** The chosen option (its label stands in the input), or null. */
  value: TComboboxOption | null;
  /** A choice made (null: the input was emptied and left). */
  onChange: (option: TComboboxOption | null) => void;
  /** The text as typed, for the owner to find its options (every key, an opened list with ''). */
  onSearch: (text: string) => void;
  /** The choices for the text typed, best first. */
  options: TComboboxOption[];
  /** Said while the list is empty: still searching, or nothing found. */
  status: string;
  /**
   * Shown atop the open list, where the hint is covered (a copy for the eye only: the same words
   * must be in the hint, which assistive technology reads).
   */
  listNote?: ReactNode;
};

/**
 * A text input that finds its choices as one types (ARIA's combobox with a listbox popup, the
 * keyboard of docs/product/locations.md#tree-picker): Down and Up walk the choices (Down opens the
 * list), Enter takes the one shown active (aria-activedescendant: focus stays in the input), Escape
 * closes the list then gives back the chosen option's text, and leaving an emptied input chooses
 * nothing.
 */
export function Combobox({
  label,
  hint,
  error,
  id,
  placeholder,
  value,
  onChange,
  onSearch,
  options,
  status,
  listNote,
}: TComboboxProps) {
  const listboxId = useId();
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);
  // The chosen option changed by the owner (a reset, a saved form): its text stands in the input.
  const [shownValue, setShownValue] = useState(value);
  if (value?.id !== shownValue?.id || value?.label !== shownValue?.label) {
    setShownValue(value);
    setText(value?.label ?? '');
  }
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  function show(searchText: string) {
    setOpen(true);
    setActive(-1);
    onSearch(searchText);
  }

  function choose(option: TComboboxOption) {
    setText(option.label);
    setOpen(false);
    setActive(-1);
    onChange(option);
  }

  function leave() {
    setOpen(false);
    setActive(-1);
    if (text.trim() === '') {
      if (value) onChange(null);
      setText('');
    } else {
      setText(value?.label ?? '');
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) show(text === value?.label ? '' : text);
        else if (!event.altKey && options.length > 0) setActive(active >= last ? 0 : active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open && options.length > 0) setActive(active <= 0 ? last : active - 1);
        break;
      case 'Enter': {
        // Taking a choice never submits the form around the input.
        const option = options[active];
        if (expanded && option) {
          event.preventDefault();
          choose(option);
        } else if (open) {
          event.preventDefault();
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          // Inside a dialog, the first Escape closes the list only.
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (text !== (value?.label ?? '')) {
          event.preventDefault();
          event.stopPropagation();
          setText(value?.label ?? '');
        }
        break;
      default:
    }
  }

  return (
    <FieldFrame label={label} id={id} hint={hint} error={error}>
      {(control) => (
        <div className={styles.combobox}>
          <input
            {...control}
            className={fieldStyles.input}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              show(event.target.value);
            }}
            onClick={() => {
              if (!open) show(text === value?.label ? '' : text);
            }}
            onKeyDown={onKeyDown}
            onBlur={leave}
          />
          <div
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-label={label}
            className={styles.listbox}
            hidden={!expanded}
          >
            {listNote ? (
              <div aria-hidden="true" className={styles.listNote}>
                {listNote}
              </div>
            ) : null}
            {options.map((option, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the input's keys choose (aria-activedescendant)
              <div
                key={option.id}
                id={optionId(index)}
                data-index={index}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={styles.option}
                // The input keeps the focus (and its blur does not end the choice).
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
              >
                <span className={styles.optionLabel}>{option.label}</span>
                {option.detail ? <span className={styles.optionDetail}>{option.detail}</span> : null}
              </div>
            ))}
          </div>
          {open && !expanded ? (
            <p className={styles.status} role="status">
              {status}
            </p>
          ) : null}
        </div>
      )}
    </FieldFrame>
  );
}

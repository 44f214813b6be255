import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

export interface SearchComboboxProps<T extends { id: string }> {
  /** The typed text (the caller searches with it). */
  text: string;
  onTextChange: (text: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The matches for `text`; undefined until the first answer. */
  options: T[] | undefined;
  renderOption: (option: T) => ReactNode;
  onSelect: (option: T) => void;
  /** Accessible name of the list of matches. */
  label: string;
  placeholder: string;
  /** Shown instead of the list when nothing matches. */
  emptyText: string;
  testId: string;
  /** The option's own test id (`<testId>-option` unless given). */
  optionTestId?: string;
  /** Focus the text box when it appears (after "Change" brought it back). */
  autoFocus?: boolean;
  /** From `<Field>`. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A text box that searches and a list of matches to pick from (WAI-ARIA combobox with a
 * listbox popup). Focus stays in the text box: typing or ArrowDown opens the list, the arrow
 * keys move the highlighted match (announced through `aria-activedescendant`), Enter picks it,
 * Escape closes the list without closing the dialog around it, Tab leaves. A click opens the
 * list and picks from it.
 */
export function SearchCombobox<T extends { id: string }>(props: SearchComboboxProps<T>) {
  const { text, onTextChange, open, onOpenChange, options, renderOption, onSelect, label, testId } = props;
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listRef = useRef<HTMLUListElement | null>(null);
  const count = options?.length ?? 0;
  const showList = open && count > 0;
  const showEmpty = open && options !== undefined && count === 0;
  // A new list of matches starts with nothing highlighted.
  const [shownOptions, setShownOptions] = useState(options);
  if (shownOptions !== options) {
    setShownOptions(options);
    setActive(-1);
  }

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView?.({ block: 'nearest' });
  });

  // Escape closes the list first, and only a second Escape the dialog: Radix dialogs listen on
  // the document in the capture phase, so the list must hear it earlier, on the window.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== inputRef.current) return;
      event.stopPropagation();
      event.preventDefault();
      onOpenChange(false);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [open, onOpenChange]);

  const pick = (option: T) => {
    onSelect(option);
    onOpenChange(false);
  };

  return (
    <div className="relative">
      <Input
        ref={inputRef}
        autoFocus={props.autoFocus}
        id={props.id}
        role="combobox"
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        autoComplete="off"
        value={text}
        placeholder={props.placeholder}
        // Opens on a click, typing or ArrowDown, not on focus: a dialog that puts the focus here
        // first must still close with one Escape.
        onClick={() => onOpenChange(true)}
        onBlur={() => onOpenChange(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            if (!open) onOpenChange(true);
            if (count === 0) return;
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActive((current) => (current < 0 && step < 0 ? count - 1 : (current + step + count) % count));
          } else if (event.key === 'Enter' && showList && active >= 0 && options?.[active]) {
            // Picks the match instead of submitting the form around it.
            event.preventDefault();
            pick(options[active]);
          }
        }}
        onChange={(event) => {
          onTextChange(event.target.value);
          onOpenChange(true);
        }}
        data-testid={`${testId}-search`}
      />
      {showList ? (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute top-11 z-10 max-h-56 w-full overflow-y-auto rounded-md border border-stone-200 bg-white py-1 shadow-lg"
        >
          {options!.map((option, index) => (
            <li
              key={option.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Keeps the focus in the text box, so the list does not close before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
              onMouseMove={() => setActive(index)}
              className={cn(
                'cursor-pointer px-3 py-2 text-start text-sm text-stone-900',
                index === active && 'bg-primary-50 outline-2 -outline-offset-2 outline-primary-600',
              )}
              data-testid={props.optionTestId ?? `${testId}-option`}
            >
              {renderOption(option)}
            </li>
          ))}
        </ul>
      ) : null}
      {showEmpty ? (
        <p
          role="status"
          className="absolute top-11 z-10 w-full rounded-md border border-stone-200 bg-white px-3 py-2 text-sm text-stone-600 shadow-lg"
        >
          {props.emptyText}
        </p>
      ) : null}
    </div>
  );
}

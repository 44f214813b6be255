import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useDebounced } from '@/lib/use-debounced';

export interface SearchPickerProps<T extends { id: string }> {
  value: T | null;
  onChange: (value: T | null) => void;
  /** The server search for the typed text (enabled while the list is open). */
  useOptions: (search: string, enabled: boolean) => UseQueryResult<T[]>;
  renderOption: (option: T) => ReactNode;
  placeholder: string;
  label: string;
  testId: string;
  /** From `<Field>`. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * Pick one row by typing part of it (the server searches, Arabic and English folded): the chosen
 * row shows with a Change button. Used for the invoice's client and booking.
 */
export function SearchPicker<T extends { id: string }>(props: SearchPickerProps<T>) {
  const { value, onChange, useOptions, renderOption, placeholder, label, testId } = props;
  const { t } = useTranslation('invoices');
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const options = useOptions(useDebounced(text, 250), open);

  if (value) {
    return (
      <div
        className="flex items-center justify-between gap-2 rounded-md border border-stone-300 px-3 py-2 text-sm"
        data-testid={`${testId}-selected`}
      >
        <span className="min-w-0">{renderOption(value)}</span>
        <Button variant="link" size="sm" onClick={() => onChange(null)} aria-label={`${t('form.change')}: ${label}`}>
          {t('form.change')}
        </Button>
      </div>
    );
  }

  return (
    <div className="relative">
      <Input
        id={props.id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        value={text}
        placeholder={placeholder}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        data-testid={`${testId}-search`}
      />
      {open && options.data ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute top-11 z-10 max-h-56 w-full overflow-y-auto rounded-md border border-stone-200 bg-white shadow-lg"
        >
          {options.data.length === 0 ? (
            <li className="px-3 py-2 text-sm text-stone-600">{t('form.no_matches')}</li>
          ) : null}
          {options.data.map((option) => (
            <li key={option.id} role="option" aria-selected={false}>
              <button
                type="button"
                className="w-full px-3 py-2 text-start text-sm hover:bg-stone-100 focus-visible:bg-stone-100"
                onClick={() => {
                  onChange(option);
                  setOpen(false);
                  setText('');
                }}
                data-testid={`${testId}-option`}
              >
                {renderOption(option)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

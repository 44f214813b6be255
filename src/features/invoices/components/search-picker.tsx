import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SearchCombobox } from '@/components/ui/search-combobox';
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
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const options = useOptions(useDebounced(text, 250), open);
  // Focus follows the choice: to "Change" once a row is chosen, back to the search after it,
  // so a keyboard user is never dropped at the top of the dialog.
  const [focusOnShow, setFocusOnShow] = useState(false);

  if (value) {
    return (
      <div
        className="flex items-center justify-between gap-2 rounded-md border border-stone-300 px-3 py-2 text-sm"
        data-testid={`${testId}-selected`}
      >
        <span className="min-w-0">{renderOption(value)}</span>
        <Button
          autoFocus={focusOnShow}
          variant="link"
          size="sm"
          onClick={() => {
            setFocusOnShow(true);
            onChange(null);
          }}
          aria-label={`${t('form.change')}: ${label}`}
        >
          {t('form.change')}
        </Button>
      </div>
    );
  }

  return (
    <SearchCombobox
      id={props.id}
      aria-invalid={props['aria-invalid']}
      aria-describedby={props['aria-describedby']}
      autoFocus={focusOnShow}
      text={text}
      onTextChange={setText}
      open={open}
      onOpenChange={setOpen}
      options={options.data}
      onSelect={(option) => {
        setFocusOnShow(true);
        setText('');
        onChange(option);
      }}
      renderOption={renderOption}
      label={label}
      placeholder={placeholder}
      emptyText={t('form.no_matches')}
      testId={testId}
    />
  );
}

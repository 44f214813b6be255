import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SearchCombobox } from '@/components/ui/search-combobox';
import { formatPhone } from '@/domain/phone';
import { useGuestSearch, type GuestOption } from '../api/search-guests';
import { useGuestCreator } from '../lib/guest-creator';
import { useDebounced } from '@/lib/use-debounced';

export interface GuestPickerProps {
  value: GuestOption | null;
  onChange: (guest: GuestOption | null) => void;
  /** From `<Field>`: its label names the search box, its hint and error describe it. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** Pick a guest by typing part of a name or phone (server search), or add one inline. */
export function GuestPicker({ value, onChange, id, ...aria }: GuestPickerProps) {
  const { t } = useTranslation('bookings');
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const search = useDebounced(text, 250);
  const guests = useGuestSearch(search, open);
  const renderCreateGuest = useGuestCreator();
  // Focus follows the choice: to "Change" once a guest is chosen, back to the search after it,
  // so a keyboard user is never dropped at the top of the dialog.
  const [focusOnShow, setFocusOnShow] = useState(false);
  const choose = (guest: GuestOption) => {
    setFocusOnShow(true);
    setOpen(false);
    setText('');
    onChange(guest);
  };

  if (value) {
    return (
      <div
        className="flex items-center justify-between gap-2 rounded-md border border-stone-300 px-3 py-2 text-sm"
        data-testid="guest-selected"
      >
        <span>
          <span className="font-medium">{value.name}</span>{' '}
          <span className="text-stone-600" dir="ltr">
            {formatPhone(value.phone)}
          </span>
        </span>
        <Button
          autoFocus={focusOnShow}
          variant="link"
          size="sm"
          onClick={() => {
            setFocusOnShow(true);
            onChange(null);
          }}
        >
          {t('form.change_guest')}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <SearchCombobox
            id={id}
            aria-invalid={aria['aria-invalid']}
            aria-describedby={aria['aria-describedby']}
            autoFocus={focusOnShow}
            text={text}
            onTextChange={setText}
            open={open}
            onOpenChange={setOpen}
            options={guests.data}
            onSelect={choose}
            label={t('form.guest')}
            placeholder={t('form.guest_placeholder')}
            emptyText={t('form.no_guests')}
            testId="guest"
            renderOption={(guest) => (
              <span className="flex justify-between gap-2">
                <span className="font-medium">{guest.name}</span>
                <span className="text-stone-600" dir="ltr">
                  {formatPhone(guest.phone)}
                </span>
              </span>
            )}
          />
        </div>
        {renderCreateGuest ? (
          <Button variant="outline" onClick={() => setCreating(true)} data-testid="new-guest">
            <UserPlus aria-hidden="true" />
            {t('form.new_guest')}
          </Button>
        ) : null}
      </div>
      {renderCreateGuest?.({
        open: creating,
        onOpenChange: setCreating,
        onSaved: choose,
      })}
    </div>
  );
}

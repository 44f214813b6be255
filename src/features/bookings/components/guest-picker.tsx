import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatPhone } from '@/domain/phone';
import { useGuestSearch, type GuestOption } from '../api/search-guests';
import { useGuestCreator } from '../lib/guest-creator';
import { useDebounced } from '@/lib/use-debounced';

export interface GuestPickerProps {
  value: GuestOption | null;
  onChange: (guest: GuestOption | null) => void;
  invalid?: boolean;
  describedBy?: string;
  id?: string;
}

/** Pick a guest by typing part of a name or phone (server search), or add one inline. */
export function GuestPicker({ value, onChange, invalid, describedBy, id }: GuestPickerProps) {
  const { t } = useTranslation('bookings');
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const search = useDebounced(text, 250);
  const guests = useGuestSearch(search, open);
  const renderCreateGuest = useGuestCreator();

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
        <Button variant="link" size="sm" onClick={() => onChange(null)}>
          {t('form.change_guest')}
        </Button>
      </div>
    );
  }

  return (
    <div className="relative flex flex-col gap-2">
      <div className="flex gap-2">
        <Input
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          value={text}
          placeholder={t('form.guest_placeholder')}
          onFocus={() => setOpen(true)}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          data-testid="guest-search"
        />
        {renderCreateGuest ? (
          <Button variant="outline" onClick={() => setCreating(true)} data-testid="new-guest">
            <UserPlus aria-hidden="true" />
            {t('form.new_guest')}
          </Button>
        ) : null}
      </div>
      {open && guests.data ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('form.guest')}
          className="absolute top-11 z-10 max-h-56 w-full overflow-y-auto rounded-md border border-stone-200 bg-white shadow-lg"
        >
          {guests.data.length === 0 ? (
            <li className="px-3 py-2 text-sm text-stone-600">{t('form.no_guests')}</li>
          ) : null}
          {guests.data.map((guest) => (
            <li key={guest.id} role="option" aria-selected={false}>
              <button
                type="button"
                className="flex w-full justify-between gap-2 px-3 py-2 text-start text-sm hover:bg-stone-100 focus-visible:bg-stone-100"
                onClick={() => {
                  onChange(guest);
                  setOpen(false);
                }}
              >
                <span className="font-medium">{guest.name}</span>
                <span className="text-stone-600" dir="ltr">
                  {formatPhone(guest.phone)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {renderCreateGuest?.({
        open: creating,
        onOpenChange: setCreating,
        onSaved: (guest) => {
          onChange(guest);
          setOpen(false);
        },
      })}
    </div>
  );
}

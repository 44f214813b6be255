import { CalendarDays, List, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { BookingDetail } from '../api/get-booking';
import { BookingDetailsDialog } from '../components/booking-details-dialog';
import { BookingFormDialog } from '../components/booking-form-dialog';
import { BookingsListView } from '../components/bookings-list-view';
import { CalendarView } from '../components/calendar-view';
import { GuestCreatorProvider, type RenderCreateGuestDialog } from '../lib/guest-creator';
import { useBookingListParams } from '../lib/use-booking-list-params';

function riyadhToday(): string {
  return new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });
}

export interface BookingsPageProps {
  /** The clients feature's dialog for adding a guest inline, composed in app/. */
  renderCreateGuestDialog?: RenderCreateGuestDialog;
}

/**
 * List and calendar (`?view=calendar`). `?new=1[&unit=&check_in=]` opens the create dialog (the
 * dashboard's quick action and the calendar's empty cells), `?booking=<id>` a booking.
 */
export function BookingsPage({ renderCreateGuestDialog }: BookingsPageProps) {
  const { t } = useTranslation('bookings');
  const { params, searchParams, update } = useBookingListParams();
  const [editing, setEditing] = useState<BookingDetail | null>(null);
  const today = riyadhToday();
  const view = searchParams.get('view') === 'calendar' ? 'calendar' : 'list';
  const creating = searchParams.get('new') === '1';
  const openBookingId = searchParams.get('booking');
  const initial = { unit_id: searchParams.get('unit') ?? '', check_in: searchParams.get('check_in') ?? '' };

  const viewButton = (value: 'list' | 'calendar', Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => update({ view: value === 'list' ? null : value })}
      className={cn(
        'inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium',
        view === value ? 'bg-white shadow-sm' : 'text-stone-700',
      )}
      data-testid={`view-${value}`}
    >
      <Icon aria-hidden="true" className="size-4" />
      {t(`views.${value}`)}
    </button>
  );

  return (
    <GuestCreatorProvider render={renderCreateGuestDialog ?? null}>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => update({ new: '1', unit: null, check_in: null })} data-testid="new-booking">
            <Plus aria-hidden="true" />
            {t('actions.new')}
          </Button>
        }
      />
      <div role="group" aria-label={t('views.label')} className="mb-4 inline-flex rounded-lg bg-stone-100 p-1">
        {viewButton('list', List)}
        {viewButton('calendar', CalendarDays)}
      </div>
      {view === 'list' ? (
        <BookingsListView params={params} onChange={update} onOpen={(id) => update({ booking: id })} />
      ) : (
        <CalendarView
          month={searchParams.get('month') ?? today}
          months={searchParams.get('months') === '3' ? 3 : 1}
          today={today}
          onNavigate={({ month, months }) =>
            update({ ...(month ? { month } : {}), ...(months ? { months: months === 3 ? '3' : null } : {}) })
          }
          onOpenBooking={(id) => update({ booking: id })}
          onCreate={(unit, day) => update({ new: '1', unit, check_in: day })}
        />
      )}
      <BookingDetailsDialog
        bookingId={openBookingId}
        onOpenChange={(open) => !open && update({ booking: null })}
        onEdit={(booking) => {
          setEditing(booking);
          update({ booking: null });
        }}
      />
      <BookingFormDialog
        open={creating || editing !== null}
        booking={editing}
        initial={initial}
        onOpenChange={(open) => {
          if (open) return;
          setEditing(null);
          if (creating) update({ new: null, unit: null, check_in: null });
        }}
        onSaved={(booking) => {
          setEditing(null);
          update({ booking: booking.id, new: null, unit: null, check_in: null });
        }}
        onOpenBooking={(id) => {
          setEditing(null);
          update({ booking: id, new: null, unit: null, check_in: null });
        }}
      />
    </GuestCreatorProvider>
  );
}

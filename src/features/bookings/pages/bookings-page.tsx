import { CalendarDays, List, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useAuth, useOrganizationSettings, usePermissions } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { todayIn } from '@/lib/format';
import type { BookingDetail } from '../api/get-booking';
import { useLiveBookings } from '../api/use-live-bookings';
import { BookingDetailsDialog } from '../components/booking-details-dialog';
import { BookingFormDialog } from '../components/booking-form-dialog';
import { BookingsListView } from '../components/bookings-list-view';
import { CalendarView } from '../components/calendar-view';
import { GuestCreatorProvider, type RenderCreateGuestDialog } from '../lib/guest-creator';
import { useBookingListParams } from '../lib/use-booking-list-params';

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
  const { params, values, set } = useBookingListParams();
  // Creating a booking needs bookings.write: a read-only role does not see the button.
  const canWrite = usePermissions().can('bookings.write');
  const [editing, setEditing] = useState<BookingDetail | null>(null);
  // The calendar opens on the organisation's today, wherever the browser is.
  const today = todayIn(useOrganizationSettings().timeZone);
  const { view, creating } = values;
  // A stay booked, moved or cancelled elsewhere (another member, a guest, a channel sync) shows
  // in the calendar and the list without a reload.
  useLiveBookings(useAuth().organization?.id);
  const initial = { unit_id: values.unit ?? '', check_in: values.checkIn ?? '' };

  const viewButton = (value: 'list' | 'calendar', Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => set({ view: value })}
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
          canWrite ? (
            <Button onClick={() => set({ creating: true, unit: null, checkIn: null })} data-testid="new-booking">
              <Plus aria-hidden="true" />
              {t('actions.new')}
            </Button>
          ) : null
        }
      />
      <div role="group" aria-label={t('views.label')} className="mb-4 inline-flex rounded-lg bg-stone-100 p-1">
        {viewButton('list', List)}
        {viewButton('calendar', CalendarDays)}
      </div>
      {view === 'list' ? (
        <BookingsListView params={params} onChange={set} onOpen={(booking) => set({ booking })} />
      ) : (
        <CalendarView
          month={values.month ?? today}
          months={values.months === '3' ? 3 : 1}
          today={today}
          onNavigate={({ month, months }) =>
            set({ ...(month ? { month } : {}), ...(months ? { months: months === 3 ? '3' : '1' } : {}) })
          }
          onOpenBooking={(booking) => set({ booking })}
          // An empty day starts a booking only for a role that may make one.
          onCreate={(unit, day) => (canWrite ? set({ creating: true, unit, checkIn: day }) : undefined)}
        />
      )}
      <BookingDetailsDialog
        bookingId={values.booking}
        onOpenChange={(open) => !open && set({ booking: null })}
        onEdit={(booking) => {
          setEditing(booking);
          set({ booking: null });
        }}
      />
      <BookingFormDialog
        open={creating || editing !== null}
        booking={editing}
        initial={initial}
        onOpenChange={(open) => {
          if (open) return;
          setEditing(null);
          if (creating) set({ creating: false, unit: null, checkIn: null });
        }}
        onSaved={(booking) => {
          setEditing(null);
          set({ booking: booking.id, creating: false, unit: null, checkIn: null });
        }}
        onOpenBooking={(id) => {
          setEditing(null);
          set({ booking: id, creating: false, unit: null, checkIn: null });
        }}
      />
    </GuestCreatorProvider>
  );
}

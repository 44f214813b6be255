import { CalendarX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/errors';
import { useBookings } from '../api/get-bookings';
import type { BookingsUrlPatch } from '../lib/use-booking-list-params';
import type { BookingListParams, BookingSort } from '../schemas';
import { BookingsFilters } from './bookings-filters';
import { BookingsTable } from './bookings-table';
import { ListPagination } from '@/components/list-pagination';

export interface BookingsListViewProps {
  params: BookingListParams;
  onChange: (changes: BookingsUrlPatch) => void;
  onOpen: (id: string) => void;
}

export function BookingsListView({ params, onChange, onOpen }: BookingsListViewProps) {
  const { t } = useTranslation('bookings');
  const bookings = useBookings(params);
  const handleSort = (sort: BookingSort) => {
    const ascending =
      sort === params.sort ? !params.ascending : sort === 'guest' || sort === 'unit' || sort === 'booking_reference';
    onChange({ sort, dir: ascending ? 'asc' : 'desc' });
  };

  return (
    <>
      <BookingsFilters params={params} onChange={onChange} />
      {bookings.isPending ? <Skeleton className="h-64 w-full" /> : null}
      {bookings.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
          {getErrorMessage(bookings.error)}
        </p>
      ) : null}
      {bookings.data?.total === 0 ? (
        <EmptyState icon={CalendarX} title={t('empty.title')} description={t('empty.description')} />
      ) : null}
      {bookings.data && bookings.data.total > 0 ? (
        <>
          <BookingsTable
            rows={bookings.data.rows}
            sort={params.sort}
            ascending={params.ascending}
            onSort={handleSort}
            onOpen={onOpen}
          />
          <ListPagination
            page={params.page}
            pageSize={params.pageSize}
            total={bookings.data.total}
            onPageChange={(page) => onChange({ page })}
          />
        </>
      ) : null}
    </>
  );
}

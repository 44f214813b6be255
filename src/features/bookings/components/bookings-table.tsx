import { ArrowDown, ArrowUp } from 'lucide-react';
import { DualDate } from '@/components/dual-date';
import { useTranslation } from 'react-i18next';
import { useOrganizationSettings } from '@/lib/auth';
import { formatMoney, formatNumber } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import type { BookingListRow } from '../api/get-bookings';
import type { BookingSort } from '../schemas';
import { StatusBadge } from './status-badge';
import { localized } from '@/lib/localized';

export interface BookingsTableProps {
  rows: BookingListRow[];
  sort: BookingSort;
  ascending: boolean;
  onSort: (sort: BookingSort) => void;
  onOpen: (id: string) => void;
}

export function BookingsTable({ rows, sort, ascending, onSort, onOpen }: BookingsTableProps) {
  const { t, i18n } = useTranslation('bookings');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { currency } = useOrganizationSettings();
  const header = (column: BookingSort | null, label: string) => (
    <th
      scope="col"
      className="px-3 py-2 text-start font-semibold"
      aria-sort={column && sort === column ? (ascending ? 'ascending' : 'descending') : undefined}
    >
      {column ? (
        <button type="button" className="inline-flex items-center gap-1 font-semibold" onClick={() => onSort(column)}>
          {label}
          {sort === column ? (
            ascending ? (
              <ArrowUp aria-hidden="true" className="size-3.5" />
            ) : (
              <ArrowDown aria-hidden="true" className="size-3.5" />
            )
          ) : null}
        </button>
      ) : (
        label
      )}
    </th>
  );

  return (
    <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
      <table className="w-full min-w-[880px] text-sm" data-testid="bookings-table">
        <thead className="bg-stone-50 text-stone-700">
          <tr>
            {header('booking_reference', t('fields.booking_reference'))}
            {header('guest', t('fields.guest'))}
            {header('unit', t('fields.unit'))}
            {header('check_in', t('fields.check_in'))}
            {header('check_out', t('fields.check_out'))}
            {header(null, t('fields.nights'))}
            {header('status', t('fields.status'))}
            {header(null, t('fields.source'))}
            {header('total_amount', t('fields.total_amount'))}
          </tr>
        </thead>
        <tbody>
          {rows.map((booking) => (
            <tr key={booking.id} className="border-t border-stone-100 hover:bg-stone-50" data-testid="booking-row">
              <td className="px-3 py-2">
                <button
                  type="button"
                  dir="ltr"
                  className="font-mono font-medium text-primary-800 hover:underline"
                  onClick={() => onOpen(booking.id)}
                >
                  {booking.booking_reference}
                </button>
              </td>
              <td className="px-3 py-2">{booking.client.name}</td>
              <td className="px-3 py-2">{localized(language, booking.unit.name, booking.unit.name_ar)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <DualDate value={booking.check_in} stacked />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <DualDate value={booking.check_out} stacked />
              </td>
              <td className="px-3 py-2">{formatNumber(booking.nights, language)}</td>
              <td className="px-3 py-2">
                <StatusBadge status={booking.status} />
              </td>
              <td className="px-3 py-2">{t(`source.${booking.source}`)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatMoney(booking.total_amount, currency, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

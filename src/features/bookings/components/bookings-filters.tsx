import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { useSearchBox } from '@/lib/use-debounced';
import type { BookingsUrlPatch } from '../lib/use-booking-list-params';
import {
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  bookingScopes,
  type BookingListParams,
  type BookingSource,
  type BookingStatus,
} from '../schemas';

export interface BookingsFiltersProps {
  params: BookingListParams;
  onChange: (changes: BookingsUrlPatch) => void;
}

/** Search, the SPEC §4 filters (all / active / completed) and status, source and dates. */
export function BookingsFilters({ params, onChange }: BookingsFiltersProps) {
  const { t } = useTranslation('bookings');
  const [text, setText] = useSearchBox(params.search, (search) => onChange({ search }));
  const filtered =
    params.statuses.length > 0 || params.sources.length > 0 || params.dateFrom || params.dateTo || params.search;

  return (
    <div className="mb-4 flex flex-col gap-3">
      <div role="group" aria-label={t('filters.scope')} className="inline-flex w-fit rounded-lg bg-stone-100 p-1">
        {bookingScopes.map((scope) => (
          <button
            key={scope}
            type="button"
            aria-pressed={params.scope === scope}
            onClick={() => onChange({ scope })}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium',
              params.scope === scope ? 'bg-white shadow-sm' : 'text-stone-700',
            )}
            data-testid={`scope-${scope}`}
          >
            {t(`filters.scopes.${scope}`)}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <SearchInput
          className="min-w-64 flex-1"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('filters.search_placeholder')}
          aria-label={t('filters.search_label')}
          data-testid="bookings-search"
        />
        <Select
          aria-label={t('fields.status')}
          className="w-44"
          value={params.statuses[0] ?? ''}
          onChange={(event) => onChange({ statuses: event.target.value ? [event.target.value as BookingStatus] : [] })}
        >
          <option value="">{t('filters.any_status')}</option>
          {BOOKING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </Select>
        <Select
          aria-label={t('fields.source')}
          className="w-44"
          value={params.sources[0] ?? ''}
          onChange={(event) => onChange({ sources: event.target.value ? [event.target.value as BookingSource] : [] })}
        >
          <option value="">{t('filters.any_source')}</option>
          {BOOKING_SOURCES.map((source) => (
            <option key={source} value={source}>
              {t(`source.${source}`)}
            </option>
          ))}
        </Select>
        <label className="flex flex-col gap-1 text-xs text-stone-700">
          {t('filters.from')}
          <Input
            type="date"
            dir="ltr"
            className="w-40"
            value={params.dateFrom ?? ''}
            onChange={(event) => onChange({ dateFrom: event.target.value || null })}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-stone-700">
          {t('filters.to')}
          <Input
            type="date"
            dir="ltr"
            className="w-40"
            value={params.dateTo ?? ''}
            onChange={(event) => onChange({ dateTo: event.target.value || null })}
          />
        </label>
        {filtered ? (
          <Button
            variant="ghost"
            onClick={() => {
              setText('');
              // Search, status, source and dates back to none; the scope and the order stay.
              onChange({ search: '', statuses: [], sources: [], dateFrom: null, dateTo: null });
            }}
          >
            <X aria-hidden="true" />
            {t('filters.clear')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

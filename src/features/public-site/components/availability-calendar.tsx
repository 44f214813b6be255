import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  monthOf,
  monthWeeks,
  nightsBetween,
  shiftDay,
  shiftMonth,
  takenNights,
  tapDay,
  type RangeProblem,
  type RangeRules,
  type Selection,
} from '@/domain/public-booking';
import { cn } from '@/lib/cn';
import { formatDate, formatNumber, LOCALES } from '@/lib/format';
import { getDirection, type Language } from '@/lib/i18n';
import { useBookedRanges } from '../api/get-public-unit';

export interface AvailabilityCalendarProps {
  unitId: string;
  language: Language;
  rules: Omit<RangeRules, 'taken'>;
  selection: Selection;
  onSelect: (selection: Selection) => void;
}

const MONTHS_SHOWN = 2;

function monthTitle(month: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T12:00:00Z`));
}

function weekdayNames(language: Language): string[] {
  // 2026-11-29 is a Sunday: the grid's first column.
  return Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(LOCALES[language], {
      weekday: 'short',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(2026, 10, 29 + i, 12))),
  );
}

/**
 * The unit's availability for the current and next month (navigable): free and taken nights
 * from unit_booked_ranges (dates only; live request holds count as taken), and the guest's stay
 * picked by tapping a check-in day, then a check-out day. One day is in the tab order; the arrow
 * keys move by day and week (mirrored in Arabic, where the grid runs right to left), Page Up /
 * Page Down by month, Enter or Space picks. An impossible range is refused with its reason.
 */
export function AvailabilityCalendar({ unitId, language, rules, selection, onSelect }: AvailabilityCalendarProps) {
  const { t } = useTranslation('public-site');
  const firstMonth = monthOf(rules.today);
  const lastMonth = monthOf(shiftDay(rules.today, rules.horizonDays));
  const [month, setMonth] = useState(firstMonth);
  const [problem, setProblem] = useState<RangeProblem | null>(null);
  const [focusDay, setFocusDay] = useState(selection.checkIn ?? rules.today);
  const gridRef = useRef<HTMLDivElement>(null);
  const from = `${month}-01`;
  const to = `${shiftMonth(month, MONTHS_SHOWN)}-01`;
  const booked = useBookedRanges(unitId, from, to);
  const taken = useMemo(() => takenNights(booked.data ?? []), [booked.data]);
  const fullRules: RangeRules = { ...rules, taken };
  const rtl = getDirection(language) === 'rtl';
  const weekdays = useMemo(() => weekdayNames(language), [language]);

  const pick = (day: string) => {
    const result = tapDay(selection, day, fullRules);
    setProblem(result.problem);
    setFocusDay(day);
    if (!result.problem) onSelect(result.selection);
  };

  const moveFocus = (day: string) => {
    setFocusDay(day);
    const target = monthOf(day);
    if (target < month) setMonth(target < firstMonth ? firstMonth : target);
    else if (target >= shiftMonth(month, MONTHS_SHOWN)) setMonth(shiftMonth(target, 1 - MONTHS_SHOWN));
    requestAnimationFrame(() => gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${day}"]`)?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const step: Record<string, number> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
      ArrowDown: 7,
      ArrowUp: -7,
    };
    let next: string | null = null;
    if (event.key in step) next = shiftDay(day, step[event.key]!);
    else if (event.key === 'PageDown') next = shiftDay(day, 30);
    else if (event.key === 'PageUp') next = shiftDay(day, -30);
    if (!next) return;
    event.preventDefault();
    if (monthOf(next) < firstMonth || monthOf(next) > lastMonth) return;
    moveFocus(next);
  };

  const monthsShown = Array.from({ length: MONTHS_SHOWN }, (_, i) => shiftMonth(month, i));
  const focusable = monthsShown.includes(monthOf(focusDay)) ? focusDay : `${month}-01`;
  const dayLabel = (day: string) => {
    const date = formatDate(day, language, 'full');
    if (day === selection.checkIn) return t('calendar.day_check_in', { date });
    if (day === selection.checkOut) return t('calendar.day_check_out', { date });
    if (day < rules.today) return t('calendar.day_past', { date });
    return taken.has(day) ? t('calendar.day_taken', { date }) : t('calendar.day_free', { date });
  };
  const inStay = (day: string) =>
    selection.checkIn !== null && selection.checkOut !== null && day > selection.checkIn && day < selection.checkOut;

  return (
    <div className="flex flex-col gap-3" data-testid="availability-calendar">
      <div className="flex items-center justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={t('calendar.previous_month')}
          disabled={month <= firstMonth}
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
        </Button>
        <p className="text-sm text-stone-700" aria-live="polite" data-testid="calendar-instruction">
          {booked.isPending
            ? t('calendar.loading')
            : selection.checkIn && !selection.checkOut
              ? t('calendar.pick_check_out')
              : t('calendar.pick_check_in')}
        </p>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={t('calendar.next_month')}
          disabled={shiftMonth(month, 1) > lastMonth}
          onClick={() => setMonth(shiftMonth(month, 1))}
        >
          <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
        </Button>
      </div>
      <div ref={gridRef} className="grid gap-6 md:grid-cols-2">
        {monthsShown.map((shown) => (
          <div key={shown} role="group" aria-labelledby={`month-${shown}`}>
            <h3 id={`month-${shown}`} className="mb-2 text-center font-semibold text-stone-900">
              {monthTitle(shown, language)}
            </h3>
            <div className="grid grid-cols-7 text-center text-xs text-stone-600" aria-hidden="true">
              {weekdays.map((name) => (
                <span key={name} className="py-1">
                  {name}
                </span>
              ))}
            </div>
            <div className="grid grid-cols-7 gap-y-1">
              {monthWeeks(shown)
                .flat()
                .map((day, index) => {
                  if (!day) return <span key={`pad-${index}`} />;
                  const past = day < rules.today;
                  const isTaken = taken.has(day);
                  const selected = day === selection.checkIn || day === selection.checkOut;
                  return (
                    <button
                      key={day}
                      type="button"
                      data-day={day}
                      data-state={past ? 'past' : isTaken ? 'taken' : 'free'}
                      tabIndex={day === focusable ? 0 : -1}
                      aria-label={dayLabel(day)}
                      aria-pressed={selected}
                      onClick={() => pick(day)}
                      onKeyDown={(event) => onKeyDown(event, day)}
                      className={cn(
                        'mx-auto flex size-10 items-center justify-center rounded-full text-sm tabular-nums focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none',
                        past && 'text-stone-500',
                        !past && isTaken && 'bg-stone-200 text-stone-700 line-through',
                        !past && !isTaken && 'text-stone-900 hover:bg-primary-50',
                        inStay(day) && 'bg-primary-100 text-primary-900 no-underline',
                        selected && 'bg-primary-700 text-white no-underline hover:bg-primary-700',
                      )}
                    >
                      {formatNumber(Number(day.slice(8)), language)}
                    </button>
                  );
                })}
            </div>
          </div>
        ))}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700">
        <li className="flex items-center gap-1">
          <span aria-hidden="true" className="size-3 rounded-full border border-stone-400 bg-white" />
          {t('calendar.legend_free')}
        </li>
        <li className="flex items-center gap-1">
          <span aria-hidden="true" className="size-3 rounded-full bg-stone-200" />
          {t('calendar.legend_taken')}
        </li>
        <li className="flex items-center gap-1">
          <span aria-hidden="true" className="size-3 rounded-full bg-primary-700" />
          {t('calendar.legend_selected')}
        </li>
      </ul>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700" data-testid="calendar-problem">
          {problem === 'too_long'
            ? t('calendar.problems.too_long', { count: rules.maxNights })
            : problem === 'too_far'
              ? t('calendar.problems.too_far', { count: rules.horizonDays })
              : t(`calendar.problems.${problem}`)}
        </p>
      ) : null}
      {selection.checkIn ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-800" data-testid="selected-stay">
          <span>
            {t('calendar.check_in')}: <strong>{formatDate(selection.checkIn, language, 'medium')}</strong>
          </span>
          {selection.checkOut ? (
            <>
              <span>
                {t('calendar.check_out')}: <strong>{formatDate(selection.checkOut, language, 'medium')}</strong>
              </span>
              <span>
                {t('calendar.nights', {
                  count: nightsBetween(selection.checkIn, selection.checkOut),
                  formatted: formatNumber(nightsBetween(selection.checkIn, selection.checkOut), language),
                })}
              </span>
            </>
          ) : null}
          <Button
            type="button"
            variant="link"
            size="sm"
            onClick={() => {
              setProblem(null);
              onSelect({ checkIn: null, checkOut: null });
            }}
          >
            {t('calendar.clear')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

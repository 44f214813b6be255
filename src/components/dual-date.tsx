import { cn } from '@/lib/cn';
import { useDateFormat } from '@/lib/use-date-format';

export interface DualDateProps {
  /** A calendar day (`YYYY-MM-DD`) or an instant. */
  value: string | Date;
  style?: 'medium' | 'long';
  className?: string;
  /** Put the Hijri date on its own line (narrow table cells, cards). */
  stacked?: boolean;
}

/**
 * A date as the user wants it (issue 17): the Gregorian day and, when Hijri dates are on for them,
 * the Umm al-Qura date beside it, muted. Screens use this rather than formatting dates themselves so
 * the preference reaches every date.
 */
export function DualDate({ value, style = 'medium', className, stacked = false }: DualDateProps) {
  const { formatDay, hijriOf } = useDateFormat();
  const hijri = hijriOf(value, style);
  const iso = typeof value === 'string' ? value : value.toISOString();
  return (
    <span className={cn(stacked ? 'inline-flex flex-col' : 'inline', className)}>
      <time dateTime={iso}>{formatDay(value, style)}</time>
      {hijri ? (
        <span className={cn('text-xs text-stone-500', stacked ? '' : 'ms-1.5')} data-testid="hijri-date">
          {stacked ? hijri : `(${hijri})`}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Only the Hijri part, for a date already written another way (a date and time, a sentence):
 * nothing when Hijri dates are off. An instant is read in the organisation's time zone.
 */
export function HijriDate({ value, className }: { value: string | Date; className?: string }) {
  const { hijriOf } = useDateFormat();
  const hijri = hijriOf(value);
  return hijri ? (
    <span className={cn('text-xs text-stone-500', className)} data-testid="hijri-date">
      {hijri}
    </span>
  ) : null;
}

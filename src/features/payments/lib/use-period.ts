import { useMemo } from 'react';
import { useUrlState, type UrlStateUpdateOptions } from '@/lib/use-url-state';
import type { REPORTS_URL, VAT_URL } from './payments-url';
import { resolvePeriod } from '@/lib/periods';
import { organizationToday, type PeriodPreset } from './periods';
import { useFinanceFormat } from './use-finance-format';

/**
 * A report's period from the URL, resolved around the organisation's today. Choosing "custom"
 * starts from the days on screen, so the user adjusts them rather than starting blank.
 */
export function usePeriod(definition: typeof REPORTS_URL | typeof VAT_URL) {
  const { values, set } = useUrlState(definition);
  // Both definitions hold the same three values; only the presets on offer differ.
  const write = set as (
    patch: { period?: PeriodPreset; from?: string | null; to?: string | null },
    options: UrlStateUpdateOptions,
  ) => void;
  const { timeZone } = useFinanceFormat();
  const today = organizationToday(timeZone);
  const resolved = useMemo(
    () => resolvePeriod(values.period, { from: values.from, to: values.to }, today),
    [values.period, values.from, values.to, today],
  );
  const choose = (period: PeriodPreset) => {
    if (period === 'custom' && resolved.range) {
      write({ period, from: resolved.range.from, to: resolved.range.to }, { history: 'push' });
    } else {
      write({ period, from: null, to: null }, { history: 'push' });
    }
  };
  const setDays = (days: { from?: string | null; to?: string | null }) => write(days, { history: 'replace' });
  return { period: values.period, from: values.from, to: values.to, ...resolved, choose, setDays };
}

export type PeriodState = ReturnType<typeof usePeriod>;

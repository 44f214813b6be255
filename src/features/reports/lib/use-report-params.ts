import { useMemo } from 'react';
import { useOrganizationSettings } from '@/lib/auth';
import { todayIn } from '@/lib/format';
import { useUrlState } from '@/lib/use-url-state';
import type { OverviewParams } from '../api/get-report-overview';
import { resolvePeriod } from '@/lib/periods';
import type { PeriodPreset } from './periods';
import { REPORTS_URL } from './reports-url';

/**
 * The report on screen, from the URL: the period resolved around the organisation's today and
 * the filters, as report_overview's parameters (null while the custom days are incomplete).
 * Choosing "custom" starts from the days on screen, so the user adjusts them.
 */
export function useReportParams() {
  const { values, set, resetFilters } = useUrlState(REPORTS_URL);
  const { timeZone } = useOrganizationSettings();
  const today = todayIn(timeZone);
  const resolved = useMemo(
    () => resolvePeriod(values.period, { from: values.from, to: values.to }, today),
    [values.period, values.from, values.to, today],
  );
  const params: OverviewParams | null = useMemo(
    () =>
      resolved.range
        ? {
            range: resolved.range,
            unitIds: [...values.units].sort(),
            unitTypes: [...values.types].sort(),
            cities: [...values.cities].sort(),
            sources: [...values.sources].sort(),
          }
        : null,
    [resolved.range, values.units, values.types, values.cities, values.sources],
  );
  const choosePeriod = (period: PeriodPreset) => {
    if (period === 'custom' && resolved.range) {
      set({ period, from: resolved.range.from, to: resolved.range.to }, { history: 'push' });
    } else {
      set({ period, from: null, to: null }, { history: 'push' });
    }
  };
  const setDays = (days: { from?: string | null; to?: string | null }) => set(days, { history: 'replace' });
  return { values, set, resetFilters, params, range: resolved.range, problem: resolved.problem, choosePeriod, setDays };
}

export type ReportParamsState = ReturnType<typeof useReportParams>;

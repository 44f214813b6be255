import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PeriodFields } from '@/components/period-fields';
import { localized } from '@/lib/localized';
import { BOOKING_SOURCES, UNIT_TYPES, type ReportOverview } from '../api/get-report-overview';
import { PERIOD_PRESETS, type PeriodPreset } from '../lib/periods';
import type { ReportParamsState } from '../lib/use-report-params';
import { useReportFormat } from '../lib/use-report-format';
import { MultiFilter } from './multi-filter';

/**
 * The report's period (a preset or two days, the days it covers said in words and announced when
 * they change) and its filters: units, unit types, cities and channels, several of each. The
 * choices come from the report itself (filters.*), so only what the organisation has is offered.
 */
export function ReportFilters({
  state,
  options,
  showFilters = true,
}: {
  state: ReportParamsState;
  options: ReportOverview['filters'] | undefined;
  showFilters?: boolean;
}) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const { values } = state;
  const filtered = values.units.length + values.types.length + values.cities.length + values.sources.length > 0;

  return (
    <div className="mb-4 flex flex-col gap-3 print:hidden" data-testid="report-filters">
      <div className="flex flex-wrap items-start gap-3">
        <PeriodFields
          presets={PERIOD_PRESETS}
          period={values.period}
          from={values.from}
          to={values.to}
          onChoose={(preset: PeriodPreset) => state.choosePeriod(preset)}
          onSetDays={state.setDays}
          labels={{
            period: t('period.label'),
            from: t('period.from'),
            to: t('period.to'),
            preset: (preset) => t(`period.presets.${preset}`),
            problem: state.problem ? t(`period.${state.problem}`) : undefined,
          }}
          rangeText={
            state.range
              ? format.range(state.range.from, state.range.to, (from, to) => t('period.range', { from, to }))
              : null
          }
          testIds={{ preset: 'report-period', from: 'report-from', to: 'report-to', range: 'report-range' }}
          presetClassName="sm:w-48"
        />
      </div>
      {showFilters ? (
        <div className="flex flex-wrap items-end gap-3">
          <MultiFilter
            label={t('filters.units')}
            options={(options?.units ?? []).map((unit) => ({
              value: unit.id,
              label: localized(format.language, unit.name, unit.name_ar),
            }))}
            selected={values.units}
            onChange={(units) => state.set({ units })}
            testId="report-filter-units"
          />
          <MultiFilter
            label={t('filters.types')}
            options={(options?.types ?? UNIT_TYPES).map((type) => ({ value: type, label: t(`unit_types.${type}`) }))}
            selected={values.types}
            onChange={(types) => state.set({ types: types as typeof values.types })}
            testId="report-filter-types"
          />
          <MultiFilter
            label={t('filters.cities')}
            options={(options?.cities ?? []).map((city) => ({ value: city, label: city }))}
            selected={values.cities}
            onChange={(cities) => state.set({ cities })}
            testId="report-filter-cities"
          />
          <MultiFilter
            label={t('filters.sources')}
            options={(options?.sources ?? BOOKING_SOURCES).map((source) => ({
              value: source,
              label: t(`sources.${source}`),
            }))}
            selected={values.sources}
            onChange={(sources) => state.set({ sources: sources as typeof values.sources })}
            testId="report-filter-sources"
          />
          {filtered ? (
            <Button variant="ghost" onClick={() => state.resetFilters()} data-testid="report-filters-reset">
              <X aria-hidden="true" />
              {t('filters.reset')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

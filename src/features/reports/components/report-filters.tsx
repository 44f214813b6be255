import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
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
        <Field label={t('period.label')} compact className="w-full sm:w-48">
          <Select
            value={values.period}
            onChange={(event) => state.choosePeriod(event.target.value as PeriodPreset)}
            data-testid="report-period"
          >
            {PERIOD_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {t(`period.presets.${preset}`)}
              </option>
            ))}
          </Select>
        </Field>
        {values.period === 'custom' ? (
          <>
            <Field label={t('period.from')} compact className="w-full sm:w-44">
              <Input
                type="date"
                value={values.from ?? ''}
                max={values.to ?? undefined}
                onChange={(event) => state.setDays({ from: event.target.value || null })}
                data-testid="report-from"
              />
            </Field>
            <Field
              label={t('period.to')}
              compact
              className="w-full sm:w-44"
              error={state.problem ? t(`period.${state.problem}`) : undefined}
            >
              <Input
                type="date"
                value={values.to ?? ''}
                min={values.from ?? undefined}
                onChange={(event) => state.setDays({ to: event.target.value || null })}
                data-testid="report-to"
              />
            </Field>
          </>
        ) : null}
        {state.range ? (
          <p className="w-full text-sm text-stone-700 sm:mt-6 sm:w-auto" aria-live="polite" data-testid="report-range">
            {format.range(state.range.from, state.range.to, (from, to) => t('period.range', { from, to }))}
          </p>
        ) : null}
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

import { useTranslation } from 'react-i18next';
import { PeriodFields } from '@/components/period-fields';
import type { PeriodPreset } from '../lib/periods';
import type { PeriodState } from '../lib/use-period';
import { useFinanceFormat } from '../lib/use-finance-format';

/**
 * The period of a report: a preset (this month, last quarter…) or two days, and the days it
 * covers in words ("1 March 2026 – 31 March 2026"), announced when they change.
 */
export function PeriodPicker({
  presets,
  state,
  testId,
}: {
  presets: readonly PeriodPreset[];
  state: PeriodState;
  testId: string;
}) {
  const { t } = useTranslation('payments');
  const format = useFinanceFormat();
  return (
    <div className="mb-4 flex flex-wrap items-start gap-3" data-testid={testId}>
      <PeriodFields
        presets={presets}
        period={state.period}
        from={state.from}
        to={state.to}
        onChoose={state.choose}
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
            ? t('period.range', { from: format.day(state.range.from, 'long'), to: format.day(state.range.to, 'long') })
            : null
        }
        testIds={{
          preset: `${testId}-preset`,
          from: `${testId}-from`,
          to: `${testId}-to`,
          range: `${testId}-range`,
        }}
        presetClassName="sm:w-56"
      />
    </div>
  );
}

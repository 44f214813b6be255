import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
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
      <Field label={t('period.label')} compact className="w-full sm:w-56">
        <Select
          value={state.period}
          onChange={(event) => state.choose(event.target.value as PeriodPreset)}
          data-testid={`${testId}-preset`}
        >
          {presets.map((preset) => (
            <option key={preset} value={preset}>
              {t(`period.presets.${preset}`)}
            </option>
          ))}
        </Select>
      </Field>
      {state.period === 'custom' ? (
        <>
          <Field label={t('period.from')} compact className="w-full sm:w-44">
            <Input
              type="date"
              value={state.from ?? ''}
              max={state.to ?? undefined}
              onChange={(event) => state.setDays({ from: event.target.value || null })}
              data-testid={`${testId}-from`}
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
              value={state.to ?? ''}
              min={state.from ?? undefined}
              onChange={(event) => state.setDays({ to: event.target.value || null })}
              data-testid={`${testId}-to`}
            />
          </Field>
        </>
      ) : null}
      {state.range ? (
        <p
          className="w-full text-sm text-stone-700 sm:mt-6 sm:w-auto"
          aria-live="polite"
          data-testid={`${testId}-range`}
        >
          {t('period.range', { from: format.day(state.range.from, 'long'), to: format.day(state.range.to, 'long') })}
        </p>
      ) : null}
    </div>
  );
}

import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';

/**
 * The fields of a report period (src/lib/periods.ts): a preset, the two days when it is "custom"
 * (each bounding the other, the period's problem under the second) and the days it covers in
 * words, announced when they change. The screen translates the labels in its own namespace.
 */
export function PeriodFields<P extends string>({
  presets,
  period,
  from,
  to,
  onChoose,
  onSetDays,
  labels,
  rangeText,
  testIds,
  presetClassName,
}: {
  presets: readonly P[];
  period: P;
  from: string | null;
  to: string | null;
  onChoose: (preset: P) => void;
  onSetDays: (days: { from?: string | null; to?: string | null }) => void;
  labels: { period: string; from: string; to: string; preset: (preset: P) => string; problem?: string };
  /** The days the period covers in words; null when there is no period (custom days missing). */
  rangeText: string | null;
  testIds: { preset: string; from: string; to: string; range: string };
  /** The preset field's width. */
  presetClassName: string;
}) {
  return (
    <>
      <Field label={labels.period} compact className={cn('w-full', presetClassName)}>
        <Select value={period} onChange={(event) => onChoose(event.target.value as P)} data-testid={testIds.preset}>
          {presets.map((preset) => (
            <option key={preset} value={preset}>
              {labels.preset(preset)}
            </option>
          ))}
        </Select>
      </Field>
      {period === 'custom' ? (
        <>
          <Field label={labels.from} compact className="w-full sm:w-44">
            <Input
              type="date"
              value={from ?? ''}
              max={to ?? undefined}
              onChange={(event) => onSetDays({ from: event.target.value || null })}
              data-testid={testIds.from}
            />
          </Field>
          <Field label={labels.to} compact className="w-full sm:w-44" error={labels.problem}>
            <Input
              type="date"
              value={to ?? ''}
              min={from ?? undefined}
              onChange={(event) => onSetDays({ to: event.target.value || null })}
              data-testid={testIds.to}
            />
          </Field>
        </>
      ) : null}
      {rangeText !== null ? (
        <p className="w-full text-sm text-stone-700 sm:mt-6 sm:w-auto" aria-live="polite" data-testid={testIds.range}>
          {rangeText}
        </p>
      ) : null}
    </>
  );
}

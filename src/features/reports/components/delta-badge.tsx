import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { deltaOf, toneOf, type Polarity } from '../lib/compare';
import type { ReportFormat } from '../lib/use-report-format';

const TONES = {
  good: 'text-emerald-800',
  bad: 'text-red-700',
  neutral: 'text-stone-700',
} as const;

/**
 * A figure's change against one comparison period: an arrow, the signed percent and the
 * comparison's name. The arrow, the sign and the words say the direction; the colour (good
 * news green, bad news red) only adds to them.
 */
export function DeltaBadge({
  current,
  base,
  polarity,
  label,
  format,
  testId,
}: {
  current: number | null;
  base: number | null;
  polarity: Polarity;
  /** "vs previous period" / "vs same period last year". */
  label: string;
  format: ReportFormat;
  testId?: string;
}) {
  const { t } = useTranslation('reports');
  const delta = deltaOf(current, base);
  if (!delta) {
    return (
      <p className="flex items-center gap-1 text-xs text-stone-600" data-testid={testId} data-direction="none">
        <Minus aria-hidden="true" className="size-3.5" />
        <span>
          {t('compare.none')} <span className="text-stone-500">{label}</span>
        </span>
      </p>
    );
  }
  const Icon = delta.direction === 'up' ? ArrowUpRight : delta.direction === 'down' ? ArrowDownRight : Minus;
  return (
    <p
      className={cn('flex items-center gap-1 text-xs', TONES[toneOf(delta, polarity)])}
      data-testid={testId}
      data-direction={delta.direction}
    >
      {/* The arrows point along the reading direction: mirrored in Arabic. */}
      <Icon aria-hidden="true" className="size-3.5 shrink-0 rtl:-scale-x-100" />
      <span className="sr-only">{t(`compare.${delta.direction}`)}</span>
      <span className="font-semibold tabular-nums" dir="ltr">
        {format.delta(delta)}
      </span>
      <span className="text-stone-600">{label}</span>
    </p>
  );
}

import { useTranslation } from 'react-i18next';
import type { FinanceSummary } from '../api/get-finance-summary';
import { useFinanceFormat } from '../lib/use-finance-format';

const CARDS = [
  { key: 'invoiced', hint: 'period' },
  { key: 'collected', hint: 'period' },
  { key: 'refunded', hint: 'period' },
  { key: 'outstanding', hint: 'today' },
  { key: 'overdue', hint: 'today' },
] as const;

/**
 * The period's totals in SAR. A figure the role may not see says so ("not visible to your
 * role") instead of a 0 that would read as a real amount.
 */
export function FinanceCards({ summary }: { summary: FinanceSummary }) {
  const { t } = useTranslation('payments');
  const format = useFinanceFormat();
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5" data-testid="finance-cards">
      {CARDS.map((card) => {
        const value = summary[card.key];
        return (
          <div
            key={card.key}
            className="rounded-xl border border-stone-200 bg-white p-4"
            data-testid={`card-${card.key}`}
          >
            <dt className="text-sm text-stone-600">{t(`reports.cards.${card.key}`)}</dt>
            <dd className="mt-1 text-xl font-semibold text-stone-900 tabular-nums">
              {value === null ? <span aria-hidden="true">—</span> : format.sar(value)}
            </dd>
            <dd className="mt-1 text-xs text-stone-600">
              {value === null ? t('reports.hidden_for_role') : t(`reports.cards.hint_${card.hint}`)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

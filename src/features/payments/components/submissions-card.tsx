import { useTranslation } from 'react-i18next';
import { SUBMISSION_STATES, type EinvoicingOverview } from '../api/get-einvoicing-overview';
import { useFinanceFormat } from '../lib/use-finance-format';

/**
 * The e-invoicing chain and queue: the last invoice counter (ICV) and hash, and how many
 * documents are waiting, reported, cleared, rejected or failed — each with what it means.
 */
export function SubmissionsCard({ overview }: { overview: EinvoicingOverview }) {
  const { t } = useTranslation('payments');
  const format = useFinanceFormat();
  return (
    <section
      aria-labelledby="chain-heading"
      className="rounded-xl border border-stone-200 bg-white p-4"
      data-testid="submissions-card"
    >
      <h3 id="chain-heading" className="mb-3 text-base font-semibold text-stone-900">
        {t('compliance.chain.title')}
      </h3>
      <dl className="mb-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone-600">{t('compliance.chain.counter')}</dt>
          <dd className="text-lg font-semibold text-stone-900 tabular-nums" data-testid="chain-counter">
            {format.count(overview.last_invoice_counter)}
          </dd>
          <dd className="text-xs text-stone-600">{t('compliance.chain.counter_help')}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-stone-600">{t('compliance.chain.last_hash')}</dt>
          <dd className="font-mono text-xs break-all text-stone-900" dir="ltr" data-testid="chain-hash">
            {overview.last_invoice_hash ?? '—'}
          </dd>
          <dd className="text-xs text-stone-600">{t('compliance.chain.hash_help')}</dd>
        </div>
      </dl>
      {overview.counts ? (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="submission-counts">
          {SUBMISSION_STATES.map((state) => (
            <li key={state} className="rounded-lg border border-stone-200 p-3" data-testid={`count-${state}`}>
              <p className="flex items-baseline justify-between gap-2">
                <span className="text-sm font-medium text-stone-900">{t(`compliance.counts.${state}`)}</span>
                <span className="text-lg font-semibold tabular-nums">{format.count(overview.counts![state])}</span>
              </p>
              <p className="mt-1 text-xs text-stone-600">{t(`compliance.counts.explain.${state}`)}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

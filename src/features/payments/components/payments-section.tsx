import { ReceiptText, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/list-pagination';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { usePayments } from '../api/get-payments';
import { usePaymentListParams } from '../lib/payments-url';
import { usePaymentsExport } from '../lib/use-payments-export';
import { ExportMenu } from '@/components/export-menu';
import { hasPaymentFilters, PaymentFilters } from './payment-filters';
import { PaymentTotals } from './payment-totals';
import { PaymentsTable } from './payments-table';
import { SectionError } from './section-error';

/**
 * The payments history (`?section=payments`): every payment and refund, paged and totalled on
 * the server, filtered by method, days and a search, exported as Excel or CSV.
 */
export function PaymentsSection() {
  const { t } = useTranslation('payments');
  const { params, set } = usePaymentListParams();
  const inverted = Boolean(params.dateFrom && params.dateTo && params.dateTo < params.dateFrom);
  const payments = usePayments(params, !inverted);
  const exporter = usePaymentsExport(params);
  const filtered = hasPaymentFilters(params);

  return (
    <section aria-labelledby="payments-history-heading" data-testid="payments-section">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="payments-history-heading" className="text-lg font-semibold text-stone-900">
          {t('history.title')}
        </h2>
        <ExportMenu
          busy={exporter.exporting}
          disabled={inverted || payments.data?.total === 0}
          onExport={exporter.run}
          testId="payments-export"
        />
      </div>
      <PaymentFilters params={params} onChange={set} />
      {payments.isPending && !inverted ? <Skeleton className="h-64 w-full" /> : null}
      {payments.isError ? (
        <SectionError title={t('history.error')} error={payments.error} onRetry={() => void payments.refetch()} />
      ) : null}
      {payments.data && !inverted ? (
        // The previous filter's rows stay while the new ones load (keepPreviousData), dimmed.
        <div
          className={cn('transition-opacity', payments.isPlaceholderData && 'opacity-50')}
          aria-busy={payments.isFetching}
          data-stale={payments.isPlaceholderData || undefined}
        >
          <PaymentTotals page={payments.data} />
          {payments.data.total === 0 ? (
            <EmptyState
              icon={filtered ? SearchX : ReceiptText}
              title={filtered ? t('history.no_match') : t('history.empty_title')}
              description={filtered ? undefined : t('history.empty_description')}
              data-testid="payments-empty"
            />
          ) : (
            <>
              <PaymentsTable rows={payments.data.rows} />
              <ListPagination
                page={params.page}
                pageSize={params.pageSize}
                total={payments.data.total}
                onPageChange={(page) => set({ page }, { history: 'push' })}
              />
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}

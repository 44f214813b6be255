import { FileText, Plus, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ListPagination } from '@/components/list-pagination';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/errors';
import { cn } from '@/lib/cn';
import { useInvoices } from '../api/get-invoices';
import { useInvoicePermissions } from '../api/get-permissions';
import { useInvoiceListParams } from '../lib/use-invoice-list-params';
import { InvoiceFilters } from './invoice-filters';
import { InvoiceFormDialog } from './invoice-form-dialog';
import { InvoiceList } from './invoice-list';
import { InvoiceTotals } from './invoice-totals';

/**
 * The invoices section of /dashboard/payments (`?section=invoices`): the list paged, searched,
 * filtered and totalled on the server, and the new-invoice form (`?new=invoice`, or
 * `?new=booking[&booking=<id>]` to start from a booking).
 */
export function InvoicesSection() {
  const { t } = useTranslation('invoices');
  const navigate = useNavigate();
  const { params, values, set } = useInvoiceListParams();
  const invoices = useInvoices(params);
  const permissions = useInvoicePermissions();
  const filtered = Boolean(params.search || params.statuses.length || params.documentTypes.length || params.aging);
  const canWrite = permissions.data?.canWrite ?? false;

  return (
    <section aria-labelledby="invoices-heading" data-testid="invoices-section">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="invoices-heading" className="text-lg font-semibold text-stone-900">
          {t('section_title')}
        </h2>
        {canWrite ? (
          <Button onClick={() => set({ creating: 'invoice' }, { history: 'push' })} data-testid="new-invoice">
            <Plus aria-hidden="true" />
            {t('actions.new')}
          </Button>
        ) : null}
      </div>
      <InvoiceFilters params={params} onChange={set} />
      {invoices.isPending ? <Skeleton className="h-64 w-full" /> : null}
      {invoices.isError ? (
        <div role="alert" className="rounded-md bg-red-50 p-4 text-red-800" data-testid="invoices-error">
          <p className="font-semibold">{t('list.error_title')}</p>
          <p className="text-sm">{getErrorMessage(invoices.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void invoices.refetch()}>
            {t('list.retry')}
          </Button>
        </div>
      ) : null}
      {/* The previous filter's rows stay while the new ones load (keepPreviousData), dimmed. */}
      <div
        className={cn('transition-opacity', invoices.isPlaceholderData && 'opacity-50')}
        aria-busy={invoices.isFetching}
        data-stale={invoices.isPlaceholderData || undefined}
      >
        {invoices.data ? <InvoiceTotals page={invoices.data} /> : null}
        {invoices.data?.total === 0 ? (
          filtered ? (
            <EmptyState
              icon={SearchX}
              title={t('list.no_results_title')}
              description={t('list.no_results_description')}
            />
          ) : (
            <EmptyState
              icon={FileText}
              title={t('list.empty_title')}
              description={t('list.empty_description')}
              data-testid="invoices-empty"
            />
          )
        ) : null}
        {invoices.data && invoices.data.total > 0 ? (
          <>
            <InvoiceList rows={invoices.data.rows} />
            <ListPagination
              page={params.page}
              pageSize={params.pageSize}
              total={invoices.data.total}
              onPageChange={(page) => set({ page }, { history: 'push' })}
            />
          </>
        ) : null}
      </div>
      <InvoiceFormDialog
        open={values.creating !== null}
        mode={values.creating ?? 'invoice'}
        initialBookingId={values.booking}
        onModeChange={(creating) => set({ creating })}
        onOpenChange={(open) => {
          if (!open) set({ creating: null, booking: null });
        }}
        onSaved={(invoice) => {
          set({ creating: null, booking: null });
          void navigate(paths.dashboard.invoice.getHref(invoice.id));
        }}
      />
    </section>
  );
}

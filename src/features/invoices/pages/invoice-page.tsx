import { FileX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getErrorMessage, toAppError } from '@/lib/errors';
import { useInvoice } from '../api/get-invoice';
import { InvoiceView } from '../components/invoice-view';

/** `/dashboard/payments/invoices/:id`: one invoice, credit or debit note. */
export function InvoicePage() {
  const { t } = useTranslation('invoices');
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  if (invoice.isPending) return <Skeleton className="h-[32rem] w-full" />;
  if (invoice.isError) {
    const error = toAppError(invoice.error);
    const notFound = error.kind === 'not_found' || error.code === 'PT404';
    return (
      <EmptyState
        icon={FileX}
        titleAs="h1"
        title={notFound ? t('errors.not_found') : t('errors.load_failed')}
        description={notFound ? undefined : getErrorMessage(invoice.error)}
        action={
          <Button asChild variant="outline">
            <Link to={`${paths.dashboard.section('payments')}?section=invoices`}>{t('actions.back')}</Link>
          </Button>
        }
        data-testid="invoice-error"
      />
    );
  }
  return <InvoiceView invoice={invoice.data} />;
}

import { InvoicesSection } from '@/features/invoices/components/invoices-section';
import { PaymentsPage } from '@/features/payments/pages/payments-page';

/**
 * /dashboard/payments, composed here because features do not import each other: the payments
 * feature's page shell (sections in the URL, permissions, payments history, reports, VAT,
 * tax compliance) shows the invoices feature's section as its `invoices` section.
 */
export function PaymentsRoute() {
  return <PaymentsPage invoicesSection={<InvoicesSection />} />;
}

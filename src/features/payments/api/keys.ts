import { queryRoots } from '@/lib/query-roots';
import type { DayRange } from '@/lib/periods';
import type { PaymentListParams } from '../schemas';

/**
 * Query keys of the payments feature, broad to narrow (STYLE 3). Reports and the VAT report
 * live under the same root: an invoice or a payment written anywhere refreshes them
 * (lib/query-roots SHOWN_BY: invoices and payments are shown by 'payments').
 */
export const paymentKeys = {
  all: queryRoots.payments,
  permissions: () => [...paymentKeys.all, 'permissions'] as const,
  lists: () => [...paymentKeys.all, 'list'] as const,
  list: (params: PaymentListParams) => [...paymentKeys.lists(), params] as const,
  summary: (range: DayRange) => [...paymentKeys.all, 'summary', range] as const,
  vat: (range: DayRange) => [...paymentKeys.all, 'vat', range] as const,
  einvoicing: () => [...paymentKeys.all, 'einvoicing'] as const,
  taxProfile: (organizationId: string) => [...paymentKeys.all, 'tax-profile', organizationId] as const,
};

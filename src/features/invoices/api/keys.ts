import { queryRoots } from '@/lib/query-roots';
import type { InvoiceListParams } from '../schemas';

/** Query keys of the invoices feature, broad to narrow (STYLE 3). */
export const invoiceKeys = {
  all: queryRoots.invoices,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (params: InvoiceListParams) => [...invoiceKeys.lists(), params] as const,
  detail: (id: string) => [...invoiceKeys.all, 'detail', id] as const,
  permissions: () => [...invoiceKeys.all, 'permissions'] as const,
  clients: (search: string) => [...invoiceKeys.all, 'clients', search] as const,
  bookings: (search: string) => [...invoiceKeys.all, 'bookings', search] as const,
  booking: (id: string) => [...invoiceKeys.all, 'booking', id] as const,
  /** The guest's view of one invoice through its link (no session). */
  guestLink: (token: string) => [...invoiceKeys.all, 'guest-link', token] as const,
};

import { queryRoots } from '@/lib/query-roots';

/** Query keys of Settings → Billing, broad to narrow (STYLE 3). */
export const billingKeys = {
  all: [...queryRoots.settings, 'billing'] as const,
  overview: (organizationId: string) => [...billingKeys.all, 'overview', organizationId] as const,
  invoices: (organizationId: string) => [...billingKeys.all, 'invoices', organizationId] as const,
  checkout: (checkoutId: string) => [...billingKeys.all, 'checkout', checkoutId] as const,
};

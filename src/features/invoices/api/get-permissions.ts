import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invoiceKeys } from './keys';

/**
 * What the signed-in member may do with money (my_permissions): only for showing the right
 * buttons — the database checks every write itself.
 */
export async function getInvoicePermissions(signal?: AbortSignal) {
  const permissions = await run(supabase.rpc('my_permissions'), { signal, schema: z.array(z.string()) });
  return {
    canWrite: permissions.includes('invoices.write'),
    canPay: permissions.includes('payments.write'),
  };
}

export function useInvoicePermissions() {
  return useQuery(
    queryOptions({ queryKey: invoiceKeys.permissions(), queryFn: ({ signal }) => getInvoicePermissions(signal) }),
  );
}

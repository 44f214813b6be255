import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { paymentKeys } from './keys';

/**
 * What the signed-in member may see and do on the payments page (my_permissions), so a section
 * the role cannot read says so instead of showing empty numbers. Only for the screen: the
 * database refuses and filters every request by itself.
 */
export interface FinancePermissions {
  invoicesRead: boolean;
  invoicesWrite: boolean;
  paymentsRead: boolean;
  paymentsWrite: boolean;
  settingsManage: boolean;
}

export function financePermissions(keys: readonly string[]): FinancePermissions {
  const has = (key: string) => keys.includes(key);
  return {
    invoicesRead: has('invoices.read'),
    invoicesWrite: has('invoices.write'),
    paymentsRead: has('payments.read'),
    paymentsWrite: has('payments.write'),
    settingsManage: has('settings.manage'),
  };
}

export async function getFinancePermissions(signal?: AbortSignal): Promise<FinancePermissions> {
  return financePermissions(await run(supabase.rpc('my_permissions'), { signal, schema: z.array(z.string()) }));
}

export function useFinancePermissions() {
  return useQuery(
    queryOptions({ queryKey: paymentKeys.permissions(), queryFn: ({ signal }) => getFinancePermissions(signal) }),
  );
}

import { AppError, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/**
 * The signed UBL XML of an issued document, from the zatca function
 * (GET /functions/v1/zatca/invoices/<id>/xml; staff with invoices.read of its organisation).
 * Null when it has not been signed yet (404).
 */
export async function getSignedXml(invoiceId: string): Promise<string | null> {
  const response = await supabase.functions.invoke<unknown>(`zatca/invoices/${invoiceId}/xml`, { method: 'GET' });
  const data: unknown = response.data;
  const error: unknown = response.error;
  if (error) {
    const status = (error as { context?: Response }).context?.status;
    if (status === 404) return null;
    throw toAppError(error);
  }
  if (typeof data === 'string') return data;
  if (data instanceof Blob) return await data.text();
  throw new AppError('operation_failed');
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { AUDIT_PAGE_SIZE, auditPageSchema, type AuditPage, type AuditParams } from '../schemas';
import { superAdminKeys } from './keys';

/** A day (YYYY-MM-DD) as the start of that day in UTC; `to` is inclusive, so its next day. */
function dayStart(day: string, plusDays = 0): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date.toISOString();
}

/** One page of the audit log of every organisation, filtered on the server (admin_audit_log). */
export function getAuditLog(params: AuditParams, signal?: AbortSignal): Promise<AuditPage> {
  const request = supabase.rpc('admin_audit_log', {
    organization_id: params.organizationId || undefined,
    table_name: params.table || undefined,
    action: params.action || undefined,
    from_at: dayStart(params.from),
    to_at: dayStart(params.to, 1),
    page_limit: AUDIT_PAGE_SIZE,
    page_offset: (params.page - 1) * AUDIT_PAGE_SIZE,
  });
  return run(request, { signal, schema: auditPageSchema });
}

export function auditLogQueryOptions(params: AuditParams) {
  return queryOptions({
    queryKey: superAdminKeys.audit(params),
    queryFn: ({ signal }) => getAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(params: AuditParams) {
  return useQuery(auditLogQueryOptions(params));
}

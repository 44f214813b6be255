import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { useAuditLog } from '../api/get-audit-log';
import { useConsoleUrl } from '../lib/console-url';
import { useConsoleFormat } from '../lib/use-console-format';
import { AUDIT_PAGE_SIZE, type AuditEntry } from '../schemas';
import { AuditFilters } from './audit-filters';
import { Pager } from './pager';

const ACTION_BADGE = { insert: 'success', update: 'info', delete: 'danger' } as const;

/** The names of the columns an update changed (what the entry is about, at a glance). */
function changedColumns(entry: AuditEntry): string[] {
  if (entry.action !== 'update') return [];
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  return Object.keys(after).filter(
    (key) => key !== 'updated_at' && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

/** Every organisation's audit log, newest first, filtered and paged on the server. */
export function AuditLogPanel() {
  const { t } = useTranslation('super-admin');
  const format = useConsoleFormat();
  const { values, set } = useConsoleUrl();
  const log = useAuditLog({
    organizationId: values.auditOrg,
    table: values.auditTable,
    action: values.auditAction,
    from: values.from ?? '',
    to: values.to ?? '',
    page: values.auditPage,
  });
  const filtered = log.data?.rows.find((row) => row.organization_id === values.auditOrg);
  const organizationName = filtered?.organization_name
    ? format.orgName({ name: filtered.organization_name, name_ar: filtered.organization_name_ar ?? null })
    : null;
  return (
    <section aria-label={t('tabs.audit')} data-testid="audit-panel">
      <AuditFilters tables={log.data?.tables ?? []} organizationName={organizationName} />
      {log.isPending ? (
        <Spinner label={t('common:loading')} className="py-12" />
      ) : log.isError ? (
        <EmptyState title={getErrorMessage(log.error)} data-testid="audit-error" />
      ) : log.data.rows.length === 0 ? (
        <EmptyState icon={ScrollText} title={t('audit.empty')} data-testid="audit-empty" />
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
            {log.data.rows.map((entry) => {
              const changed = changedColumns(entry);
              return (
                <li key={entry.id} className="flex flex-col gap-1 p-3 text-sm" data-testid="audit-entry">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={ACTION_BADGE[entry.action]}>{t(`audit.actions.${entry.action}`)}</Badge>
                    <span className="font-medium" dir="ltr">
                      {entry.table_name}
                    </span>
                    {entry.organization_id ? (
                      <Button
                        variant="link"
                        className="h-auto p-0"
                        onClick={() => set({ auditOrg: entry.organization_id ?? '' })}
                      >
                        {entry.organization_name
                          ? format.orgName({
                              name: entry.organization_name,
                              name_ar: entry.organization_name_ar ?? null,
                            })
                          : entry.organization_id}
                      </Button>
                    ) : (
                      <span className="text-stone-500">{t('audit.platform')}</span>
                    )}
                    <span className="ms-auto text-xs text-stone-500">{format.dateTime(entry.created_at)}</span>
                  </div>
                  <p className="text-xs text-stone-600">
                    {t('audit.by', { actor: entry.actor_name ?? entry.actor_role ?? t('audit.system') })}
                    {changed.length > 0 ? ` · ${t('audit.changed', { columns: changed.join(', ') })}` : ''}
                    {entry.reason ? ` · ${t('audit.reason', { reason: entry.reason })}` : ''}
                  </p>
                </li>
              );
            })}
          </ul>
          <Pager
            page={values.auditPage}
            pageSize={AUDIT_PAGE_SIZE}
            total={log.data.total}
            onPage={(auditPage) => set({ auditPage })}
            testId="audit-pager"
          />
        </>
      )}
    </section>
  );
}

import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useConsoleUrl } from '../lib/console-url';
import { AUDIT_ACTIONS } from '../schemas';

/** Table, action and date range; the organisation filter is set from a row or an organisation's page. */
export function AuditFilters({ tables, organizationName }: { tables: string[]; organizationName: string | null }) {
  const { t } = useTranslation('super-admin');
  const { values, set } = useConsoleUrl();
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <Field label={t('audit.table')} compact>
        <Select
          value={values.auditTable}
          onChange={(event) => set({ auditTable: event.target.value })}
          data-testid="audit-table"
        >
          <option value="">{t('audit.all_tables')}</option>
          {tables.map((table) => (
            <option key={table} value={table}>
              {table}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('audit.action')} compact>
        <Select
          value={values.auditAction}
          onChange={(event) => set({ auditAction: event.target.value as typeof values.auditAction })}
          data-testid="audit-action"
        >
          <option value="">{t('audit.all_actions')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`audit.actions.${action}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('audit.from')} compact>
        <Input type="date" value={values.from ?? ''} onChange={(event) => set({ from: event.target.value || null })} />
      </Field>
      <Field label={t('audit.to')} compact>
        <Input type="date" value={values.to ?? ''} onChange={(event) => set({ to: event.target.value || null })} />
      </Field>
      {values.auditOrg ? (
        <Button variant="outline" size="sm" onClick={() => set({ auditOrg: '' })} data-testid="audit-organization">
          {t('audit.organization_filter', { organization: organizationName ?? values.auditOrg })}
          <X aria-hidden="true" />
          <span className="sr-only">{t('audit.clear_organization')}</span>
        </Button>
      ) : null}
    </div>
  );
}

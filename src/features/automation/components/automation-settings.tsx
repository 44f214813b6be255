import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionDenied } from '@/components/permission-denied';
import { Spinner } from '@/components/ui/spinner';
import { usePermissions } from '@/lib/auth';
import type { AutomationRule, TaskTemplate } from '../lib/automation-schema';
import { RuleDialog } from './rule-dialog';
import { RulesSection } from './rules-section';
import { RunLog } from './run-log';
import { TaskTemplateDialog } from './task-template-dialog';
import { TaskTemplatesSection } from './task-templates-section';

/**
 * Settings → Automation (issue 17): the rules (when → do), the task templates they create tasks
 * from, and the run log. automations.read sees them; automations.write changes them; without
 * either, PermissionDenied.
 */
export function AutomationSettings() {
  const { t } = useTranslation('automation');
  const { status, can } = usePermissions();
  const canRead = can('automations.read');
  const canWrite = can('automations.write');
  // undefined: closed; null: a new one; a row: that one.
  const [rule, setRule] = useState<AutomationRule | null | undefined>(undefined);
  const [template, setTemplate] = useState<TaskTemplate | null | undefined>(undefined);
  if (status === 'pending') return <Spinner label={t('loading')} />;
  if (!canRead) return <PermissionDenied titleAs="h2" />;

  return (
    <div className="flex flex-col gap-8" data-testid="automation-settings">
      <p className="text-sm text-stone-600">{t('intro')}</p>
      {!canWrite ? (
        <p className="text-sm text-stone-700" data-testid="automation-read-only">
          {t('read_only')}
        </p>
      ) : null}
      <RulesSection canWrite={canWrite} onEdit={(row) => setRule(row ?? null)} />
      <TaskTemplatesSection canWrite={canWrite} onEdit={(row) => setTemplate(row ?? null)} />
      <RunLog />
      {rule !== undefined ? (
        <RuleDialog
          open
          onOpenChange={(open) => (open ? null : setRule(undefined))}
          rule={rule ?? undefined}
          readOnly={!canWrite}
        />
      ) : null}
      {template !== undefined ? (
        <TaskTemplateDialog
          open
          onOpenChange={(open) => (open ? null : setTemplate(undefined))}
          template={template ?? undefined}
          readOnly={!canWrite}
        />
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { getErrorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import { useDeleteTaskTemplate } from '../api/delete-task-template';
import { useTaskTemplates } from '../api/get-task-templates';
import { automationRefusal } from '../lib/automation-refusal';
import type { TaskTemplate } from '../lib/automation-schema';
import { useAutomationName } from '../lib/default-names';
import { AutomationList, RowActions } from './automation-list';

/** The task templates: title in the reader's language, type, when due, who does it; edit and delete with automations.write. */
export function TaskTemplatesSection({
  canWrite,
  onEdit,
}: {
  canWrite: boolean;
  onEdit: (template?: TaskTemplate) => void;
}) {
  const { t, i18n } = useTranslation('automation');
  const displayName = useAutomationName();
  const language = i18n.language as Language;
  const templates = useTaskTemplates();
  const remove = useDeleteTaskTemplate();
  const [deleting, setDeleting] = useState<TaskTemplate | null>(null);
  const [error, setError] = useState<string | null>(null);

  const due = (row: TaskTemplate) =>
    row.due_rule === 'hours_after'
      ? t('templates.due_hours_after', {
          count: row.due_hours ?? 0,
          formatted: formatNumber(row.due_hours ?? 0, language),
        })
      : t('templates.due_before_next_check_in');

  return (
    <AutomationList
      titleId="task-templates-title"
      title={t('templates.title')}
      intro={t('templates.intro')}
      testId="task-templates"
      canWrite={canWrite}
      newLabel={t('templates.new')}
      newTestId="task-template-new"
      onNew={() => onEdit()}
      query={templates}
      emptyTitle={t('templates.empty')}
      notice={
        error ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null
      }
      renderRow={(row) => (
        <li key={row.id} className="flex flex-wrap items-start gap-3 p-3" data-testid="task-template-row">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <bdi className="font-medium text-stone-900">{displayName(row.name)}</bdi>
              <Badge variant="info">{t(`task_types.${row.type}`)}</Badge>
              <Badge variant="neutral">{t(`priorities.${row.priority}`)}</Badge>
            </div>
            <p dir="auto" className="mt-1 text-sm text-stone-700">
              {localized(language, row.title, row.title_ar)}
            </p>
            <p className="text-xs text-stone-600">
              {due(row)} ·{' '}
              {row.assign_to === 'best_vendor' && row.vendor_category
                ? t('assignments.best_vendor_of', { category: t(`vendor_categories.${row.vendor_category}`) })
                : t(`assignments.${row.assign_to}`)}
            </p>
          </div>
          <RowActions
            canWrite={canWrite}
            editLabel={t(canWrite ? 'templates.edit' : 'templates.view')}
            editNamedLabel={t(canWrite ? 'templates.edit_named' : 'templates.view_named', {
              name: displayName(row.name),
            })}
            deleteLabel={t('templates.delete')}
            deleteNamedLabel={t('templates.delete_named', { name: displayName(row.name) })}
            onEdit={() => onEdit(row)}
            onDelete={() => {
              setError(null);
              setDeleting(row);
            }}
          />
        </li>
      )}
    >
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t('templates.delete_title', { name: deleting?.name ?? '' })}
        description={t('templates.delete_description')}
        confirmLabel={t('templates.delete')}
        destructive
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onError: (failure) => {
              const refusal = automationRefusal(failure);
              setError(refusal ? t(`refusals.${refusal}`) : getErrorMessage(failure));
            },
          })
        }
      />
    </AutomationList>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useOrganizationSettings } from '@/lib/auth';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { useDeleteAutomationRule } from '../api/delete-automation-rule';
import { useAutomationChoices } from '../api/get-automation-choices';
import { useAutomationRules } from '../api/get-automation-rules';
import { useRuleFailures } from '../api/get-rule-failures';
import { useTaskTemplates } from '../api/get-task-templates';
import { useSetRuleActive } from '../api/set-rule-active';
import type { AutomationRule } from '../lib/automation-schema';
import { AutomationList, RowActions } from './automation-list';
import { useRuleWords } from './use-rule-words';
import { useAutomationName } from '../lib/default-names';

/** The rules: when → do, on or off, when it last ran and how many runs failed; edit and delete with automations.write. */
export function RulesSection({
  canWrite,
  onEdit,
}: {
  canWrite: boolean;
  /** Opens the rule dialog: for this rule, or a new one. */
  onEdit: (rule?: AutomationRule) => void;
}) {
  const { t, i18n } = useTranslation('automation');
  const displayName = useAutomationName();
  const language = i18n.language as Language;
  const { timeZone } = useOrganizationSettings();
  const rules = useAutomationRules();
  const failures = useRuleFailures();
  const templates = useTaskTemplates();
  const choices = useAutomationChoices();
  const words = useRuleWords(templates.data ?? [], choices.data);
  const setActive = useSetRuleActive();
  const remove = useDeleteAutomationRule();
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);

  return (
    <AutomationList
      titleId="automation-rules-title"
      title={t('rules.title')}
      intro={t('rules.intro')}
      testId="automation-rules"
      canWrite={canWrite}
      newLabel={t('rules.new')}
      newTestId="rule-new"
      onNew={() => onEdit()}
      query={rules}
      emptyTitle={t('rules.empty')}
      renderRow={(rule) => {
        const { when, then } = words(rule);
        const failed = failures.data?.get(rule.id) ?? 0;
        return (
          <li key={rule.id} className="flex flex-wrap items-start gap-3 p-3" data-testid="automation-rule-row">
            <label className="flex min-w-0 flex-1 items-start gap-3">
              <input
                type="checkbox"
                role="switch"
                className="mt-1 size-4 accent-primary-700"
                checked={rule.is_active}
                aria-checked={rule.is_active}
                disabled={!canWrite || setActive.isPending}
                onChange={(event) => setActive.mutate({ id: rule.id, isActive: event.target.checked })}
                data-testid="rule-active"
              />
              <span className="flex min-w-0 flex-col gap-1">
                <bdi className="font-medium text-stone-900">{displayName(rule.name)}</bdi>
                <span className="text-sm text-stone-700">
                  {when} <span aria-hidden="true">{language === 'ar' ? '←' : '→'}</span> {then}
                </span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-stone-600">
                  {rule.is_active ? null : <Badge variant="neutral">{t('rules.off')}</Badge>}
                  <span>
                    {rule.last_run_at
                      ? t('rules.last_run', { when: formatDateTime(rule.last_run_at, language, timeZone) })
                      : t('rules.never_run')}
                  </span>
                  {failed > 0 ? (
                    <Badge variant="danger" data-testid="rule-failures">
                      {t('rules.failures', { count: failed, formatted: formatNumber(failed, language) })}
                    </Badge>
                  ) : null}
                </span>
              </span>
            </label>
            <RowActions
              canWrite={canWrite}
              editLabel={t(canWrite ? 'rules.edit' : 'rules.view')}
              editNamedLabel={t(canWrite ? 'rules.edit_named' : 'rules.view_named', { name: displayName(rule.name) })}
              deleteLabel={t('rules.delete')}
              deleteNamedLabel={t('rules.delete_named', { name: displayName(rule.name) })}
              onEdit={() => onEdit(rule)}
              onDelete={() => setDeleting(rule)}
            />
          </li>
        );
      }}
    >
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t('rules.delete_title', { name: deleting?.name ?? '' })}
        description={t('rules.delete_description')}
        confirmLabel={t('rules.delete')}
        destructive
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </AutomationList>
  );
}

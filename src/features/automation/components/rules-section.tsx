import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useOrganizationSettings } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { useDeleteAutomationRule } from '../api/delete-automation-rule';
import { useAutomationChoices } from '../api/get-automation-choices';
import { useAutomationRules } from '../api/get-automation-rules';
import { useRuleFailures } from '../api/get-rule-failures';
import { useTaskTemplates } from '../api/get-task-templates';
import { useSetRuleActive } from '../api/set-rule-active';
import type { AutomationRule } from '../lib/automation-schema';
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
  const rows = rules.data ?? [];

  return (
    <section aria-labelledby="automation-rules-title" className="flex flex-col gap-3" data-testid="automation-rules">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id="automation-rules-title" className="text-base font-semibold text-stone-900">
            {t('rules.title')}
          </h3>
          <p className="text-sm text-stone-600">{t('rules.intro')}</p>
        </div>
        {canWrite ? (
          <Button type="button" onClick={() => onEdit()} data-testid="rule-new">
            {t('rules.new')}
          </Button>
        ) : null}
      </div>
      {rules.isPending ? <Spinner label={t('loading')} /> : null}
      {rules.error ? (
        <p role="alert" className="text-sm text-red-800">
          {getErrorMessage(rules.error)}
        </p>
      ) : null}
      {rules.data && rows.length === 0 ? <EmptyState title={t('rules.empty')} /> : null}
      {rows.length > 0 ? (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
          {rows.map((rule) => {
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
                <div className="flex gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={t(canWrite ? 'rules.edit_named' : 'rules.view_named', { name: displayName(rule.name) })}
                    onClick={() => onEdit(rule)}
                  >
                    {t(canWrite ? 'rules.edit' : 'rules.view')}
                  </Button>
                  {canWrite ? (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={t('rules.delete_named', { name: displayName(rule.name) })}
                      onClick={() => setDeleting(rule)}
                    >
                      {t('rules.delete')}
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t('rules.delete_title', { name: deleting?.name ?? '' })}
        description={t('rules.delete_description')}
        confirmLabel={t('rules.delete')}
        destructive
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </section>
  );
}

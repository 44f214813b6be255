import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { localized } from '@/lib/localized';
import { useTemplateName } from '@/lib/message-template-name';
import { useAutomationChoices } from '../api/get-automation-choices';
import { useTaskTemplates } from '../api/get-task-templates';
import { useSaveAutomationRule } from '../api/save-automation-rule';
import {
  ACTIONS,
  automationRuleFormSchema,
  BOOKING_SOURCES,
  EMPTY_RULE_FORM,
  ruleToFormInput,
  SEND_ACTIONS,
  TRIGGERS,
  type Action,
  type AutomationRule,
  type AutomationRuleFormInput,
  type AutomationRuleFormValues,
} from '../lib/automation-schema';
import { useAutomationName } from '../lib/default-names';
import { DialogActions } from './dialog-actions';
import { useAutomationSave } from './use-automation-save';

interface RuleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Absent: a new rule. */
  rule?: AutomationRule;
  /** automations.read without automations.write: shown, not changed. */
  readOnly?: boolean;
}

/** Create or edit a rule: when (trigger, unit, source) → do (the action and what it needs). */
export function RuleDialog({ open, onOpenChange, rule, readOnly = false }: RuleDialogProps) {
  const { t, i18n } = useTranslation('automation');
  const displayName = useAutomationName();
  const templateName = useTemplateName();
  const save = useSaveAutomationRule();
  const templates = useTaskTemplates();
  const choices = useAutomationChoices();
  const form = useForm<AutomationRuleFormInput, unknown, AutomationRuleFormValues>({
    resolver: zodResolver(automationRuleFormSchema),
    values: rule ? ruleToFormInput(rule) : EMPTY_RULE_FORM,
  });
  const { register, formState, control } = form;
  const action: Action = useWatch({ control, name: 'action' });
  const recipient = useWatch({ control, name: 'recipient' });
  const message = (key?: string) => (key ? t(`errors.${key}`) : undefined);

  const { error, handleOpenChange, run } = useAutomationSave({ save, onOpenChange });
  const handleSubmit = form.handleSubmit((values) =>
    run({ id: rule?.id, values }, t(rule ? 'rules.saved' : 'rules.created')),
  );

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto" closeLabel={t('close')}>
        <DialogHeader>
          <DialogTitle>
            {t(readOnly ? 'rules.form.view_title' : rule ? 'rules.form.edit_title' : 'rules.form.new_title')}
          </DialogTitle>
          <DialogDescription>{t('rules.form.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" data-testid="rule-form">
          <fieldset disabled={readOnly || formState.isSubmitting} className="flex flex-col gap-4">
            <Field label={t('rules.form.name')} error={message(formState.errors.name?.message)}>
              <Input dir="auto" autoComplete="off" {...register('name')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('rules.form.trigger')} error={message(formState.errors.trigger?.message)}>
                <Select {...register('trigger')} data-testid="rule-trigger">
                  {TRIGGERS.map((trigger) => (
                    <option key={trigger} value={trigger}>
                      {t(`triggers.${trigger}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('rules.form.action')}>
                <Select {...register('action')} data-testid="rule-action">
                  {ACTIONS.map((value) => (
                    <option key={value} value={value}>
                      {t(`actions.${value}`)}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            {action === 'create_task' ? (
              <Field
                label={t('rules.form.task_template')}
                hint={t('rules.form.task_template_hint')}
                error={message(formState.errors.task_template_id?.message)}
              >
                <Select {...register('task_template_id')} data-testid="rule-task-template">
                  <option value="">{t('rules.form.choose')}</option>
                  {(templates.data ?? []).map((row) => (
                    <option key={row.id} value={row.id}>
                      {displayName(row.name)}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : null}
            {SEND_ACTIONS.includes(action) ? (
              <Field
                label={t('rules.form.message_template')}
                hint={t('rules.form.message_template_hint')}
                error={message(formState.errors.message_template_id?.message)}
              >
                <Select {...register('message_template_id')} data-testid="rule-message-template">
                  <option value="">{t('rules.form.choose')}</option>
                  {(choices.data?.messageTemplates ?? [])
                    .filter((row) => row.active)
                    .map((row) => (
                      <option key={row.id} value={row.id}>
                        {templateName(row.name)}
                      </option>
                    ))}
                </Select>
              </Field>
            ) : null}
            {action === 'create_invoice' ? (
              <p className="text-sm text-stone-600">{t('rules.form.invoice_hint')}</p>
            ) : null}
            {action === 'notify_team' ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={t('rules.form.recipient')}>
                  <Select {...register('recipient')}>
                    <option value="role">{t('rules.form.recipient_role')}</option>
                    <option value="user">{t('rules.form.recipient_user')}</option>
                  </Select>
                </Field>
                {recipient === 'user' ? (
                  <Field label={t('rules.form.user')} error={message(formState.errors.user_id?.message)}>
                    <Select {...register('user_id')}>
                      <option value="">{t('rules.form.choose')}</option>
                      {(choices.data?.staff ?? []).map((row) => (
                        <option key={row.user_id} value={row.user_id}>
                          {row.full_name ?? row.email ?? row.user_id}
                        </option>
                      ))}
                    </Select>
                  </Field>
                ) : (
                  <Field label={t('rules.form.role')} error={message(formState.errors.role_id?.message)}>
                    <Select {...register('role_id')}>
                      <option value="">{t('rules.form.choose')}</option>
                      {(choices.data?.roles ?? []).map((row) => (
                        <option key={row.id} value={row.id}>
                          {row.key ? t(`roles.${row.key}`) : row.name}
                        </option>
                      ))}
                    </Select>
                  </Field>
                )}
              </div>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('rules.form.unit')} hint={t('rules.form.conditions_hint')}>
                <Select {...register('unit_id')}>
                  <option value="">{t('rules.form.any_unit')}</option>
                  {(choices.data?.units ?? []).map((row) => (
                    <option key={row.id} value={row.id}>
                      {localized(i18n.language, row.name, row.name_ar)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('rules.form.source')}>
                <Select {...register('source')}>
                  <option value="">{t('rules.form.any_source')}</option>
                  {BOOKING_SOURCES.map((source) => (
                    <option key={source} value={source}>
                      {t(`sources.${source}`)}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            <label className="flex items-center gap-3 text-sm text-stone-900">
              <input type="checkbox" className="size-4 accent-primary-700" {...register('is_active')} />
              {t('rules.form.active')}
            </label>
          </fieldset>
          <DialogActions
            error={error}
            readOnly={readOnly}
            submitting={formState.isSubmitting}
            onCancel={() => handleOpenChange(false)}
            testId="rule"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

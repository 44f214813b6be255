import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { localized } from '@/lib/localized';
import { useAutomationChoices } from '../api/get-automation-choices';
import { useSaveTaskTemplate } from '../api/save-task-template';
import {
  ASSIGNMENTS,
  DUE_RULES,
  EMPTY_TASK_TEMPLATE_FORM,
  TASK_PRIORITIES,
  TASK_TYPES,
  TASK_VARIABLES,
  taskTemplateFormSchema,
  taskTemplateToFormInput,
  VENDOR_CATEGORIES,
  type TaskTemplate,
  type TaskTemplateFormInput,
  type TaskTemplateFormValues,
} from '../lib/automation-schema';
import { DialogActions } from './dialog-actions';
import { useAutomationSave } from './use-automation-save';

interface TaskTemplateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Absent: a new template. */
  template?: TaskTemplate;
  readOnly?: boolean;
}

/** Create or edit a task template: texts in both languages with variables, type, priority, when due, who does it. */
export function TaskTemplateDialog({ open, onOpenChange, template, readOnly = false }: TaskTemplateDialogProps) {
  const { t, i18n } = useTranslation('automation');
  const save = useSaveTaskTemplate();
  const choices = useAutomationChoices();
  const form = useForm<TaskTemplateFormInput, unknown, TaskTemplateFormValues>({
    resolver: zodResolver(taskTemplateFormSchema),
    values: template ? taskTemplateToFormInput(template) : EMPTY_TASK_TEMPLATE_FORM,
  });
  const { register, formState, control } = form;
  const dueRule = useWatch({ control, name: 'due_rule' });
  const assignTo = useWatch({ control, name: 'assign_to' });
  const message = (key?: string) => (key ? t(`errors.${key}`) : undefined);
  const variables = TASK_VARIABLES.map((name) => `{{${name}}}`).join(' ');

  const { error, handleOpenChange, run } = useAutomationSave({ save, onOpenChange });
  const handleSubmit = form.handleSubmit((values) =>
    run({ id: template?.id, values }, t(template ? 'templates.saved' : 'templates.created')),
  );

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto" closeLabel={t('close')}>
        <DialogHeader>
          <DialogTitle>
            {t(
              readOnly
                ? 'templates.form.view_title'
                : template
                  ? 'templates.form.edit_title'
                  : 'templates.form.new_title',
            )}
          </DialogTitle>
          <DialogDescription>{t('templates.form.description', { variables })}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" data-testid="task-template-form">
          <fieldset disabled={readOnly || formState.isSubmitting} className="flex flex-col gap-4">
            <Field label={t('templates.form.name')} error={message(formState.errors.name?.message)}>
              <Input dir="auto" autoComplete="off" {...register('name')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('templates.form.title')} error={message(formState.errors.title?.message)}>
                <Input dir="ltr" autoComplete="off" {...register('title')} />
              </Field>
              <Field
                label={t('templates.form.title_ar')}
                hint={t('templates.form.arabic_hint')}
                error={message(formState.errors.title_ar?.message)}
              >
                <Input dir="rtl" lang="ar" autoComplete="off" {...register('title_ar')} />
              </Field>
              <Field label={t('templates.form.description_en')} error={message(formState.errors.description?.message)}>
                <Textarea dir="ltr" {...register('description')} />
              </Field>
              <Field
                label={t('templates.form.description_ar')}
                error={message(formState.errors.description_ar?.message)}
              >
                <Textarea dir="rtl" lang="ar" {...register('description_ar')} />
              </Field>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('templates.form.type')}>
                <Select {...register('type')}>
                  {TASK_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`task_types.${type}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('templates.form.priority')} hint={t('templates.form.priority_hint')}>
                <Select {...register('priority')}>
                  {TASK_PRIORITIES.map((priority) => (
                    <option key={priority} value={priority}>
                      {t(`priorities.${priority}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('templates.form.due_rule')}>
                <Select {...register('due_rule')}>
                  {DUE_RULES.map((rule) => (
                    <option key={rule} value={rule}>
                      {t(`due_rules.${rule}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              {dueRule === 'hours_after' ? (
                <Field label={t('templates.form.due_hours')} error={message(formState.errors.due_hours?.message)}>
                  <Input type="number" inputMode="numeric" min={0} max={720} dir="ltr" {...register('due_hours')} />
                </Field>
              ) : null}
              <Field label={t('templates.form.assign_to')}>
                <Select {...register('assign_to')}>
                  {ASSIGNMENTS.map((assignment) => (
                    <option key={assignment} value={assignment}>
                      {t(`assignments.${assignment}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              {assignTo === 'best_vendor' ? (
                <Field label={t('templates.form.vendor_category')} hint={t('templates.form.best_vendor_hint')}>
                  <Select {...register('vendor_category')}>
                    {VENDOR_CATEGORIES.map((category) => (
                      <option key={category} value={category}>
                        {t(`vendor_categories.${category}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
              ) : null}
              {assignTo === 'vendor' ? (
                <Field label={t('templates.form.vendor')} error={message(formState.errors.vendor_id?.message)}>
                  <Select {...register('vendor_id')}>
                    <option value="">{t('rules.form.choose')}</option>
                    {(choices.data?.vendors ?? []).map((row) => (
                      <option key={row.vendor_id} value={row.vendor_id}>
                        {row.vendor ? localized(i18n.language, row.vendor.name, row.vendor.name_ar) : row.vendor_id}
                      </option>
                    ))}
                  </Select>
                </Field>
              ) : null}
              {assignTo === 'staff' ? (
                <Field label={t('templates.form.assignee')} error={message(formState.errors.assignee_id?.message)}>
                  <Select {...register('assignee_id')}>
                    <option value="">{t('rules.form.choose')}</option>
                    {(choices.data?.staff ?? []).map((row) => (
                      <option key={row.user_id} value={row.user_id}>
                        {row.full_name ?? row.email ?? row.user_id}
                      </option>
                    ))}
                  </Select>
                </Field>
              ) : null}
            </div>
          </fieldset>
          <DialogActions
            error={error}
            readOnly={readOnly}
            submitting={formState.isSubmitting}
            onCancel={() => handleOpenChange(false)}
            testId="task-template"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

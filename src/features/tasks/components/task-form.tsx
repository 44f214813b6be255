import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { DateInput } from '@/components/ui/date-input';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { TaskOptions } from '../api/get-task-options';
import {
  TASK_PRIORITIES,
  TASK_RECURRENCES,
  TASK_TYPES,
  taskFormSchema,
  type TaskFormInput,
  type TaskFormValues,
} from '../schemas';
import { ChecklistEditor } from './checklist-editor';
import { RelatedBookingField } from './related-booking-field';
import { localized } from '@/lib/localized';

export interface TaskFormProps {
  defaultValues: TaskFormInput;
  options: Pick<TaskOptions, 'units' | 'vendors' | 'staff'>;
  submitLabel: string;
  onSubmit: (values: TaskFormValues) => Promise<void> | void;
  onCancel: () => void;
  /** A failed save, shown above the buttons; the fields keep what was typed. */
  error?: string | null;
}

/** Create and edit a task: what, where, when, who, and the checklist (issue 7). */
export function TaskForm({ defaultValues, options, submitLabel, onSubmit, onCancel, error }: TaskFormProps) {
  const { t, i18n } = useTranslation('tasks');
  const form = useForm<TaskFormInput, unknown, TaskFormValues>({
    resolver: zodResolver(taskFormSchema),
    defaultValues,
  });
  const { register, formState, watch, control, setValue } = form;
  const errors = formState.errors;
  const message = (key?: string) => (key ? t(key) : undefined);
  const unitId = watch('unit_id');
  const recurrence = watch('recurrence');

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-4">
      <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
        <Field label={t('fields.title')} error={message(errors.title?.message)}>
          <Input autoComplete="off" {...register('title')} />
        </Field>
        <Field label={t('fields.description')} error={message(errors.description?.message)}>
          <Textarea {...register('description')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('fields.type')} error={message(errors.type?.message)}>
            <Select {...register('type')}>
              {TASK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`type.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('fields.priority')} error={message(errors.priority?.message)}>
            <Select {...register('priority')}>
              {TASK_PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {t(`priority.${priority}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('fields.unit')}>
            <Select {...register('unit_id', { onChange: () => setValue('booking_id', null) })}>
              <option value="">{t('form.no_unit')}</option>
              {options.units.map((unit) => (
                <option key={unit.id} value={unit.id}>
                  {localized(i18n.language, unit.name, unit.name_ar)}
                </option>
              ))}
            </Select>
          </Field>
          <RelatedBookingField unitId={unitId ?? null} register={register} />
          <Field label={t('fields.due_date')} error={message(errors.due_date?.message)}>
            <DateInput {...register('due_date')} />
          </Field>
          <Field label={t('fields.due_time')} hint={t('form.time_hint')} error={message(errors.due_time?.message)}>
            <Input type="time" {...register('due_time')} />
          </Field>
          <Field label={t('fields.vendor')}>
            <Select {...register('vendor_id')}>
              <option value="">{t('form.no_vendor')}</option>
              {options.vendors.map((vendor) => (
                <option key={vendor.id} value={vendor.id}>
                  {localized(i18n.language, vendor.name, vendor.name_ar)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('fields.assignee')}>
            <Select {...register('assignee_id')}>
              <option value="">{t('form.no_assignee')}</option>
              {options.staff.map((person) => (
                <option key={person.user_id} value={person.user_id}>
                  {person.full_name ?? person.phone ?? person.user_id}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label={t('fields.recurrence')}
            hint={recurrence !== 'none' ? t('form.recurrence_hint') : undefined}
            className="sm:col-span-2"
          >
            <Select {...register('recurrence')}>
              {(['none', ...TASK_RECURRENCES] as const).map((value) => (
                <option key={value} value={value}>
                  {t(`recurrence.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <ChecklistEditor control={control} errors={errors.checklist} register={register} />
      </fieldset>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('actions.close')}
        </Button>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('form.saving') : submitLabel}
        </Button>
      </div>
    </form>
  );
}

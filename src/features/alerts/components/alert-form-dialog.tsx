import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { getErrorMessage } from '@/lib/errors';
import { useSaveAlert } from '../api/save-alert';
import {
  ALERT_FREQUENCIES,
  ALERT_SEVERITIES,
  ALERT_TYPES,
  DEFAULT_THRESHOLD,
  EMPTY_ALERT_FORM,
  THRESHOLD_LIMITS,
  WINDOW_LIMITS,
  alertFormSchema,
  alertToFormInput,
  isAlertType,
  thresholdKind,
  type Alert,
  type AlertFormInput,
  type AlertFormValues,
} from '../lib/alert-schema';

interface AlertFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Absent: a new alert. */
  alert?: Alert;
}

/** Create or edit an alert: names in both languages; the threshold's unit and the window follow the type. */
export function AlertFormDialog({ open, onOpenChange, alert }: AlertFormDialogProps) {
  const { t } = useTranslation('alerts');
  const save = useSaveAlert();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<AlertFormInput, unknown, AlertFormValues>({
    resolver: zodResolver(alertFormSchema),
    values: alert ? alertToFormInput(alert) : EMPTY_ALERT_FORM,
  });
  const { register, formState, watch, setValue } = form;
  const type = watch('type');
  const kind = thresholdKind(type);
  const limits = THRESHOLD_LIMITS[kind];
  const message = (key?: string) => (key ? t(`form.errors.${key}`) : undefined);

  const typeField = register('type');
  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setError(null);
      save.reset();
    }
    onOpenChange(next);
  };
  const handleSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync({ id: alert?.id, values });
      toast.success(t(alert ? 'saved' : 'created'));
      handleOpenChange(false);
    } catch (failure) {
      setError(`${t('errors.save_failed')}: ${getErrorMessage(failure)}`);
    }
  });

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto" closeLabel={t('close')}>
        <DialogHeader>
          <DialogTitle>{t(alert ? 'form.edit_title' : 'form.new_title')}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" data-testid="alert-form">
          <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('form.name')} error={message(formState.errors.name?.message)}>
                <Input dir="auto" autoComplete="off" {...register('name')} data-testid="alert-name" />
              </Field>
              <Field
                label={t('form.name_ar')}
                hint={t('form.name_ar_hint')}
                error={message(formState.errors.name_ar?.message)}
              >
                <Input dir="rtl" lang="ar" autoComplete="off" {...register('name_ar')} data-testid="alert-name-ar" />
              </Field>
            </div>
            <Field label={t('form.type')} hint={t(`types.${type}.description`)}>
              <Select
                {...typeField}
                data-testid="alert-type"
                onChange={(event) => {
                  void typeField.onChange(event);
                  const next = event.target.value;
                  // A new type measures in another unit: start from its usual threshold.
                  if (isAlertType(next)) setValue('threshold', DEFAULT_THRESHOLD[next], { shouldValidate: false });
                }}
              >
                {ALERT_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {t(`types.${value}.label`)}
                  </option>
                ))}
              </Select>
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={t(`form.threshold_${kind}`)}
                hint={t(`types.${type}.threshold_hint`)}
                error={message(formState.errors.threshold?.message)}
              >
                <Input
                  type="number"
                  inputMode={kind === 'days' ? 'numeric' : 'decimal'}
                  dir="ltr"
                  min={limits.min}
                  max={limits.max}
                  step={limits.step}
                  {...register('threshold')}
                  data-testid="alert-threshold"
                />
              </Field>
              {type === 'low_occupancy' ? (
                <Field
                  label={t('form.window_days')}
                  hint={t('form.window_days_hint')}
                  error={message(formState.errors.window_days?.message)}
                >
                  <Input
                    type="number"
                    inputMode="numeric"
                    dir="ltr"
                    min={WINDOW_LIMITS.min}
                    max={WINDOW_LIMITS.max}
                    step={1}
                    {...register('window_days')}
                    data-testid="alert-window"
                  />
                </Field>
              ) : null}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('form.frequency')} hint={t(`frequency_hint.${watch('frequency')}`)}>
                <Select {...register('frequency')} data-testid="alert-frequency">
                  {ALERT_FREQUENCIES.map((value) => (
                    <option key={value} value={value}>
                      {t(`frequency.${value}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('form.severity')}>
                <Select {...register('severity')} data-testid="alert-severity">
                  {ALERT_SEVERITIES.map((value) => (
                    <option key={value} value={value}>
                      {t(`severity.${value}`)}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            <label className="flex items-center gap-3 text-sm text-stone-900">
              <input
                type="checkbox"
                role="switch"
                className="size-4 accent-primary-700"
                {...register('is_active')}
                data-testid="alert-active"
              />
              {t('form.active')}
            </label>
          </fieldset>
          {error ? (
            <p
              role="alert"
              data-testid="alert-save-error"
              className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
            >
              {error}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={formState.isSubmitting} data-testid="alert-save">
              {formState.isSubmitting ? t('saving') : t('save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

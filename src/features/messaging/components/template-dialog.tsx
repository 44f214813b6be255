import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { getErrorMessage } from '@/lib/errors';
import { insertVariable, type MessageVariable } from '@/lib/message-variables';
import { useSaveMessageTemplate } from '../api/save-message-template';
import {
  AUTOMATIC_KINDS,
  EMPTY_TEMPLATE_FORM,
  messageTemplateFormSchema,
  templateToFormInput,
  type AutomaticKind,
  type MessageTemplate,
  type MessageTemplateFormInput,
  type MessageTemplateFormValues,
} from '../lib/message-template-schema';
import { templateRefusal } from '../lib/template-refusal';
import { TemplateTextFields, type TemplateTextField } from './template-text-fields';
import { TemplatePreview } from './template-preview';
import { VariableChips } from './variable-chips';

interface TemplateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Absent: a new template. */
  template?: MessageTemplate;
  /** Automatic kinds that already have a template (one per kind), other than this one's. */
  takenKinds: ReadonlySet<string>;
  /** messages.read without settings.manage: the texts are shown, not changed (preview still works). */
  readOnly?: boolean;
}

/** Create or edit a template: both languages side by side, variables, WhatsApp template, preview. */
export function TemplateDialog({ open, onOpenChange, template, takenKinds, readOnly = false }: TemplateDialogProps) {
  const { t } = useTranslation('messaging');
  const save = useSaveMessageTemplate();
  const [error, setError] = useState<string | null>(null);
  const defaults = template ? templateToFormInput(template) : EMPTY_TEMPLATE_FORM;
  const form = useForm<MessageTemplateFormInput, unknown, MessageTemplateFormValues>({
    resolver: zodResolver(messageTemplateFormSchema),
    values: defaults,
  });
  const { register, formState } = form;
  const message = (key?: string) => (key ? t(`templates.form.errors.${key}`) : undefined);
  // The text field a variable chip writes into, and its elements to read the cursor from.
  const lastField = useRef<TemplateTextField>('body_en');
  const elements = useRef<Partial<Record<TemplateTextField, HTMLInputElement | HTMLTextAreaElement>>>({});

  const handleInsert = (name: MessageVariable) => {
    const field = lastField.current;
    const element = elements.current[field];
    const current = form.getValues(field);
    const next = insertVariable(
      current,
      name,
      element?.selectionStart ?? undefined,
      element?.selectionEnd ?? undefined,
    );
    form.setValue(field, next.text, { shouldDirty: true });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.cursor, next.cursor);
    });
  };

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
      await save.mutateAsync({ id: template?.id, values });
      toast.success(t(template ? 'templates.saved' : 'templates.created'));
      handleOpenChange(false);
    } catch (failure) {
      const refusal = templateRefusal(failure);
      if (refusal?.code === 'unknown_variable') setError(t('errors.unknown_variable', { name: `{{${refusal.name}}}` }));
      else if (refusal?.code === 'name_taken') setError(t('errors.name_taken'));
      else setError(`${t('errors.save_failed')}: ${getErrorMessage(failure)}`);
    }
  });

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-4xl overflow-y-auto" closeLabel={t('close')}>
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
          <DialogDescription>{t('templates.form.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" data-testid="template-form">
          <fieldset disabled={readOnly || formState.isSubmitting} className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('templates.form.name')} error={message(formState.errors.name?.message)}>
                <Input dir="auto" autoComplete="off" {...register('name')} />
              </Field>
              <Field label={t('templates.form.kind')} hint={t('templates.form.kind_hint')}>
                <Select {...register('kind')}>
                  <option value="">{t('templates.manual')}</option>
                  {AUTOMATIC_KINDS.map((kind: AutomaticKind) => (
                    <option key={kind} value={kind} disabled={takenKinds.has(kind)}>
                      {t(`automations.kinds.${kind}.title`)}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            {readOnly ? null : <VariableChips onInsert={handleInsert} />}
            <TemplateTextFields
              form={form}
              onFocusField={(field) => {
                lastField.current = field;
              }}
              registerElement={(field, element) => {
                if (element) elements.current[field] = element;
              }}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={t('templates.form.whatsapp_template_name')}
                hint={t('templates.form.whatsapp_template_name_hint')}
                error={message(formState.errors.whatsapp_template_name?.message)}
              >
                <Input dir="ltr" autoComplete="off" {...register('whatsapp_template_name')} />
              </Field>
              <Field
                label={t('templates.form.whatsapp_params')}
                hint={t('templates.form.whatsapp_params_hint')}
                error={message(formState.errors.whatsapp_params?.message)}
              >
                <Input dir="ltr" autoComplete="off" {...register('whatsapp_params')} />
              </Field>
            </div>
          </fieldset>
          <TemplatePreview form={form} />
          {error ? (
            <p
              role="alert"
              data-testid="template-save-error"
              className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
            >
              {error}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)}>
              {t(readOnly ? 'close' : 'cancel')}
            </Button>
            {readOnly ? null : (
              <Button type="submit" disabled={formState.isSubmitting} data-testid="template-save">
                {formState.isSubmitting ? t('saving') : t('save')}
              </Button>
            )}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { MessageTemplateFormInput, MessageTemplateFormValues } from '../lib/message-template-schema';
import { UnknownVariablesNote } from './unknown-variables-note';

export type TemplateTextField = 'body_en' | 'body_ar' | 'subject_en' | 'subject_ar';
type TemplateForm = UseFormReturn<MessageTemplateFormInput, unknown, MessageTemplateFormValues>;

interface TemplateTextFieldsProps {
  form: TemplateForm;
  onFocusField: (field: TemplateTextField) => void;
  registerElement: (field: TemplateTextField, element: HTMLInputElement | HTMLTextAreaElement | null) => void;
}

/**
 * The English and Arabic texts side by side (the Arabic ones right-to-left), each with its
 * unknown variables flagged as they are typed; the e-mail subjects under them.
 */
export function TemplateTextFields({ form, onFocusField, registerElement }: TemplateTextFieldsProps) {
  const { t } = useTranslation('messaging');
  const { formState } = form;
  const message = (key?: string) => (key ? t(`templates.form.errors.${key}`) : undefined);
  const values = form.watch(['body_en', 'body_ar', 'subject_en', 'subject_ar']);

  const bind = (field: TemplateTextField) => {
    const registered = form.register(field);
    return {
      ...registered,
      ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
        registered.ref(element);
        registerElement(field, element);
      },
      onFocus: () => onFocusField(field),
      'data-testid': `template-${field.replace('_', '-')}`,
    };
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <Field label={t('templates.form.body_en')} error={message(formState.errors.body_en?.message)}>
          <Textarea rows={7} dir="ltr" lang="en" {...bind('body_en')} />
        </Field>
        <UnknownVariablesNote text={values[0] ?? ''} testId="unknown-variables-body_en" />
      </div>
      <div className="flex flex-col gap-1">
        <Field label={t('templates.form.body_ar')} error={message(formState.errors.body_ar?.message)}>
          <Textarea rows={7} dir="rtl" lang="ar" {...bind('body_ar')} />
        </Field>
        <UnknownVariablesNote text={values[1] ?? ''} testId="unknown-variables-body_ar" />
      </div>
      <div className="flex flex-col gap-1">
        <Field
          label={t('templates.form.subject_en')}
          hint={t('templates.form.subject_hint')}
          error={message(formState.errors.subject_en?.message)}
        >
          <Input dir="ltr" lang="en" autoComplete="off" {...bind('subject_en')} />
        </Field>
        <UnknownVariablesNote text={values[2] ?? ''} />
      </div>
      <div className="flex flex-col gap-1">
        <Field
          label={t('templates.form.subject_ar')}
          hint={t('templates.form.subject_hint')}
          error={message(formState.errors.subject_ar?.message)}
        >
          <Input dir="rtl" lang="ar" autoComplete="off" {...bind('subject_ar')} />
        </Field>
        <UnknownVariablesNote text={values[3] ?? ''} />
      </div>
    </div>
  );
}

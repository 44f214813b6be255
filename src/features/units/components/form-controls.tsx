import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import type { UnitFormInput, UnitFormValues } from '../schemas';

export type UnitForm = UseFormReturn<UnitFormInput, unknown, UnitFormValues>;
export type UnitFieldName = FieldPath<UnitFormInput>;

/** The field's error in the user's language (schema messages are `units` keys). */
export function useFieldError(form: UnitForm, name: UnitFieldName): string | undefined {
  const { t } = useTranslation('units');
  const message = form.getFieldState(name, form.formState).error?.message;
  return message ? t(message) : undefined;
}

interface ControlProps {
  form: UnitForm;
  name: UnitFieldName;
  label: string;
  hint?: string;
  className?: string;
}

export function FormInput({
  form,
  name,
  label,
  hint,
  className,
  ...inputProps
}: ControlProps & Omit<ComponentProps<'input'>, 'name' | 'form'>) {
  const error = useFieldError(form, name);
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      <Input {...inputProps} {...form.register(name)} />
    </Field>
  );
}

export function FormTextarea({
  form,
  name,
  label,
  hint,
  className,
  ...props
}: ControlProps & Omit<ComponentProps<'textarea'>, 'name' | 'form'>) {
  const error = useFieldError(form, name);
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      <Textarea {...props} {...form.register(name)} />
    </Field>
  );
}

export function FormSelect({ form, name, label, hint, className, children }: ControlProps & { children: ReactNode }) {
  const error = useFieldError(form, name);
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      <Select {...form.register(name)}>{children}</Select>
    </Field>
  );
}

export function FormSection({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={cn('grid gap-4 sm:grid-cols-2', className)}>
      <legend className="mb-2 text-sm font-semibold text-stone-900 sm:col-span-2">{title}</legend>
      {children}
    </fieldset>
  );
}

import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
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

const controlClass =
  'flex w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-600 aria-invalid:border-red-600';

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
      <textarea rows={3} className={cn(controlClass, 'min-h-20')} {...props} {...form.register(name)} />
    </Field>
  );
}

export function FormSelect({ form, name, label, hint, className, children }: ControlProps & { children: ReactNode }) {
  const error = useFieldError(form, name);
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      <select className={cn(controlClass, 'h-10 py-0')} {...form.register(name)}>
        {children}
      </select>
    </Field>
  );
}

/** A native select styled like the inputs, for filters outside a form. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(controlClass, 'h-10 py-0', className)} {...props} />;
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

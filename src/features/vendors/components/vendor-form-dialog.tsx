import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/errors';
import { useCreateVendor } from '../api/create-vendor';
import {
  emptyVendorForm,
  VENDOR_CATEGORIES,
  vendorFormSchema,
  type VendorFormInput,
  type VendorFormValues,
} from '../schemas';

/** "List a vendor": a new marketplace listing, added to the organisation at once. */
export function VendorFormDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('vendors');
  const create = useCreateVendor();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<VendorFormInput, unknown, VendorFormValues>({
    resolver: zodResolver(vendorFormSchema),
    defaultValues: emptyVendorForm,
  });
  const { register, formState } = form;
  const message = (key?: string) => (key ? t(key) : undefined);

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      form.reset(emptyVendorForm);
      setError(null);
    }
    onOpenChange(next);
  };
  const handleSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await create.mutateAsync(values);
      toast.success(t('toasts.created'));
      handleOpenChange(false);
    } catch (failure) {
      setError(`${t('errors.create_failed')}: ${getErrorMessage(failure)}`);
    }
  });

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-xl" closeLabel={t('actions.close')}>
        <DialogHeader>
          <DialogTitle>{t('form.title')}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          <fieldset disabled={formState.isSubmitting} className="grid gap-4 sm:grid-cols-2">
            <Field label={t('form.name')} error={message(formState.errors.name?.message)}>
              <Input {...register('name')} />
            </Field>
            <Field label={t('form.name_ar')} error={message(formState.errors.name_ar?.message)}>
              <Input dir="rtl" {...register('name_ar')} />
            </Field>
            <fieldset className="sm:col-span-2">
              <legend className="mb-1.5 text-sm font-medium text-stone-900">{t('form.categories')}</legend>
              <div className="flex flex-wrap gap-4">
                {VENDOR_CATEGORIES.map((category) => (
                  <label key={category} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      value={category}
                      className="size-4 accent-primary-700"
                      {...register('categories')}
                    />
                    {t(`category.${category}`)}
                  </label>
                ))}
              </div>
              {formState.errors.categories ? (
                <p role="alert" className="mt-1 text-xs font-medium text-red-700">
                  {message(formState.errors.categories.message)}
                </p>
              ) : null}
            </fieldset>
            <Field
              label={t('form.services')}
              hint={t('form.services_hint')}
              error={message(formState.errors.services?.message)}
              className="sm:col-span-2"
            >
              <Input {...register('services')} />
            </Field>
            <Field label={t('form.phone')} error={message(formState.errors.phone?.message)}>
              <Input type="tel" dir="ltr" {...register('phone')} />
            </Field>
            <Field label={t('form.email')} error={message(formState.errors.email?.message)}>
              <Input type="email" dir="ltr" {...register('email')} />
            </Field>
            <Field label={t('form.city')} error={message(formState.errors.city?.message)}>
              <Input {...register('city')} />
            </Field>
            <Field
              label={t('form.about')}
              error={message(formState.errors.description?.message)}
              className="sm:col-span-2"
            >
              <Textarea {...register('description')} />
            </Field>
          </fieldset>
          {error ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {error}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => handleOpenChange(false)}>
              {t('actions.close')}
            </Button>
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? t('form.saving') : t('actions.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

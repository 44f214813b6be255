import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { Testimonial } from '../api/get-testimonials';
import { useSaveTestimonial } from '../api/save-testimonial';
import { testimonialFormSchema, type TestimonialForm } from '../schemas';

export interface TestimonialDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The testimonial to edit; a new one when null. */
  testimonial: Testimonial | null;
}

function formValues(testimonial: Testimonial | null): TestimonialForm {
  return {
    author_name: testimonial?.author_name ?? '',
    author_role: testimonial?.author_role ?? '',
    quote: testimonial?.quote ?? '',
    language: testimonial?.language === 'ar' ? 'ar' : 'en',
    sort_order: testimonial?.sort_order ?? 0,
    permission: Boolean(testimonial?.permission_at),
  };
}

/** Write or edit a testimonial, as given (in its own language); save as draft or publish. */
export function TestimonialDialog({ open, onOpenChange, testimonial }: TestimonialDialogProps) {
  const { t } = useTranslation('super-admin');
  const save = useSaveTestimonial();
  const form = useForm<TestimonialForm>({
    resolver: zodResolver(testimonialFormSchema),
    defaultValues: formValues(testimonial),
  });
  const { formState, register } = form;
  useEffect(() => {
    if (open) form.reset(formValues(testimonial));
  }, [open, testimonial, form]);

  const submit = (publish: boolean) =>
    form.handleSubmit(async (values) => {
      try {
        await save.mutateAsync({
          id: testimonial?.id,
          form: values,
          publish,
          permissionAt: testimonial?.permission_at,
        });
      } catch {
        return; // toasted; the form stays as typed
      }
      onOpenChange(false);
    });
  const message = (key?: string) => (key ? t(key) : undefined);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" closeLabel={t('common:actions.close')} data-testid="testimonial-dialog">
        <DialogHeader>
          <DialogTitle>{testimonial ? t('testimonials.edit_title') : t('testimonials.new_title')}</DialogTitle>
          <DialogDescription>{t('testimonials.dialog_description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(false)(event)} className="flex flex-col gap-4">
          <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-3">
            <Field label={t('testimonials.author_name')} error={message(formState.errors.author_name?.message)}>
              <Input {...register('author_name')} data-testid="testimonial-author" />
            </Field>
            <Field label={t('testimonials.author_role')} hint={t('testimonials.author_role_hint')}>
              <Input {...register('author_role')} />
            </Field>
            <Field label={t('testimonials.quote')} error={message(formState.errors.quote?.message)}>
              <Textarea rows={4} maxLength={600} {...register('quote')} data-testid="testimonial-quote" />
            </Field>
            <div className="grid grid-cols-2 gap-3">
              <Field label={t('testimonials.language')}>
                <Select {...register('language')}>
                  <option value="en">{t('testimonials.languages.en')}</option>
                  <option value="ar">{t('testimonials.languages.ar')}</option>
                </Select>
              </Field>
              <Field label={t('testimonials.sort_order')} hint={t('testimonials.sort_order_hint')}>
                <Input type="number" inputMode="numeric" {...register('sort_order', { valueAsNumber: true })} />
              </Field>
            </div>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                {...register('permission')}
                data-testid="testimonial-permission"
              />
              <span>{t('testimonials.permission')}</span>
            </label>
          </fieldset>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="submit" variant="outline" disabled={formState.isSubmitting} data-testid="testimonial-save">
              {t('testimonials.save_draft')}
            </Button>
            <Button
              type="button"
              disabled={formState.isSubmitting || !form.watch('permission')}
              onClick={() => void submit(true)()}
              data-testid="testimonial-publish"
            >
              {t('testimonials.save_publish')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

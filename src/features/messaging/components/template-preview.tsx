import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { getErrorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { isLanguage, type Language } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import { usePreviewBookings } from '../api/get-preview-bookings';
import { useRenderMessagePreview } from '../api/render-message-preview';
import type { MessageTemplateFormInput, MessageTemplateFormValues } from '../lib/message-template-schema';

type TemplateForm = UseFormReturn<MessageTemplateFormInput, unknown, MessageTemplateFormValues>;
const LANGUAGES: Language[] = ['en', 'ar'];

/**
 * "Preview with a booking": the unsaved texts rendered by the database for a real stay in both
 * languages (render_message_text), so the host sees the guest's name, dates and codes filled in.
 */
export function TemplatePreview({ form }: { form: TemplateForm }) {
  const { t, i18n } = useTranslation('messaging');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const bookings = usePreviewBookings();
  const render = useRenderMessagePreview();
  const [bookingId, setBookingId] = useState('');
  const chosen = bookingId || bookings.data?.[0]?.id || '';

  const handlePreview = () => {
    const values = form.getValues();
    render.mutate({
      booking_id: chosen,
      drafts: {
        en: { body: values.body_en, subject: values.subject_en },
        ar: { body: values.body_ar, subject: values.subject_ar },
      },
    });
  };

  return (
    <section aria-labelledby="template-preview-title" className="rounded-lg border border-stone-200 p-3">
      <h3 id="template-preview-title" className="mb-2 text-sm font-semibold text-stone-900">
        {t('templates.preview.title')}
      </h3>
      {bookings.data?.length === 0 ? (
        <p className="text-sm text-stone-600">{t('templates.preview.no_bookings')}</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <Field label={t('templates.preview.booking')} className="min-w-64 flex-1">
            <Select value={chosen} onChange={(event) => setBookingId(event.target.value)} data-testid="preview-booking">
              {(bookings.data ?? []).map((booking) => (
                <option key={booking.id} value={booking.id}>
                  {t('templates.preview.booking_option', {
                    reference: booking.booking_reference,
                    guest: booking.client?.name ?? '',
                    unit: booking.unit ? localized(language, booking.unit.name, booking.unit.name_ar) : '',
                    date: formatDate(booking.check_in, language),
                  })}
                </option>
              ))}
            </Select>
          </Field>
          <Button
            type="button"
            variant="outline"
            disabled={!chosen || render.isPending}
            onClick={handlePreview}
            data-testid="template-preview"
          >
            {render.isPending ? t('templates.preview.rendering') : t('templates.preview.show')}
          </Button>
        </div>
      )}
      {render.error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {getErrorMessage(render.error)}
        </p>
      ) : null}
      {render.data ? (
        <div className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="template-preview-result">
          {LANGUAGES.map((lang) => (
            <figure key={lang} className="rounded-md bg-stone-50 p-3" lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'}>
              <figcaption className="mb-1 text-xs font-medium text-stone-600">
                {t(`templates.preview.language_${lang}`)}
              </figcaption>
              {render.data[lang].subject ? (
                <p className="mb-1 text-sm font-semibold text-stone-900">{render.data[lang].subject}</p>
              ) : null}
              <p className="text-sm whitespace-pre-wrap text-stone-900" data-testid={`template-preview-${lang}`}>
                {render.data[lang].body}
              </p>
            </figure>
          ))}
        </div>
      ) : null}
    </section>
  );
}

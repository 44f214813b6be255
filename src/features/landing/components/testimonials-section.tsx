import { Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePublishedTestimonials } from '../api/get-testimonials';

/**
 * SPEC §2 testimonials: what the super administrator has published (issue 12), read after the
 * first paint. Nothing is shown, not even the heading, while none is published. Each quote is
 * shown as it was given, in its own language and direction, whatever the page's language.
 */
export function TestimonialsSection() {
  const { t } = useTranslation('landing');
  const testimonials = usePublishedTestimonials();
  if (testimonials.length === 0) return null;
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="scroll-mt-16 mx-auto max-w-6xl px-4 py-16 sm:px-6"
    >
      <h2 id="testimonials-title" className="text-3xl font-bold text-stone-900">
        {t('testimonials.title')}
      </h2>
      <p className="mt-2 max-w-2xl text-stone-700">{t('testimonials.subtitle')}</p>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {testimonials.map((item) => (
          <li key={item.id}>
            <figure
              className="flex h-full flex-col gap-3 rounded-xl border border-stone-200 bg-sand-50 p-5"
              data-testid="testimonial"
            >
              <Quote aria-hidden="true" className="size-6 text-sand-700 rtl:-scale-x-100" />
              <blockquote
                lang={item.language}
                dir={item.language === 'ar' ? 'rtl' : 'ltr'}
                className="flex-1 text-start text-stone-900"
              >
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className="text-sm">
                <span dir="auto" className="block font-semibold text-stone-900">
                  {item.author_name}
                </span>
                {item.author_role ? (
                  <span dir="auto" className="block text-stone-600">
                    {item.author_role}
                  </span>
                ) : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

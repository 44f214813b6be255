import { useTranslation } from 'react-i18next';
import { ContactForm } from './contact-form';

/** SPEC §2 contact: the form that reaches the platform's operator (issue 12). */
export function ContactSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-16 bg-sand-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6 lg:grid-cols-[2fr_3fr]">
        <div className="flex flex-col gap-4">
          <h2 id="contact-title" className="text-3xl font-bold text-stone-900">
            {t('contact.title')}
          </h2>
          <p className="max-w-xl text-stone-700">{t('contact.body')}</p>
        </div>
        <ContactForm />
      </div>
    </section>
  );
}

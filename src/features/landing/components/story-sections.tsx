import { Mail, Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

const STEPS = ['units', 'bookings', 'invoices', 'operations'] as const;
const NEEDS = ['one_calendar', 'arabic_first', 'tax_ready'] as const;

export function WalkthroughSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="demo" aria-labelledby="demo-title" className="bg-primary-950 text-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="demo-title" className="text-3xl font-bold">
          {t('walkthrough.title')}
        </h2>
        <p className="mt-2 max-w-2xl text-primary-100">{t('walkthrough.subtitle')}</p>
        <ol className="mt-8 grid gap-4 md:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step} className="rounded-xl bg-white/10 p-5">
              <span
                aria-hidden="true"
                className="flex size-8 items-center justify-center rounded-full bg-white text-sm font-bold text-primary-900"
              >
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold">{t(`walkthrough.steps.${step}.title`)}</h3>
              <p className="mt-1 text-sm text-primary-100">{t(`walkthrough.steps.${step}.body`)}</p>
            </li>
          ))}
        </ol>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild variant="secondary">
            <Link to={paths.login.getHref()}>{t('walkthrough.try_demo')}</Link>
          </Button>
          <Button asChild variant="outline" className="border-white/40 bg-transparent text-white hover:bg-white/10">
            <Link to={paths.publicSite.getHref('demo')}>{t('walkthrough.see_booking_page')}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

/**
 * SPEC asks for testimonials. We have no customers to quote yet, and invented quotes would be
 * fake data: this section states what hosts ask for, and says plainly that it is not a quote.
 */
export function TestimonialsSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="testimonials-title" className="text-3xl font-bold text-stone-900">
        {t('testimonials.title')}
      </h2>
      <p className="mt-2 max-w-2xl text-stone-700">{t('testimonials.subtitle')}</p>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {NEEDS.map((need) => (
          <li key={need} className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-sand-50 p-5">
            <Quote aria-hidden="true" className="size-6 text-sand-700 rtl:-scale-x-100" />
            <p className="font-medium text-stone-900">{t(`testimonials.items.${need}.need`)}</p>
            <p className="text-sm text-stone-700">{t(`testimonials.items.${need}.answer`)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-stone-600">{t('testimonials.note')}</p>
    </section>
  );
}

export function ContactSection() {
  const { t } = useTranslation('landing');
  const email = import.meta.env.VITE_CONTACT_EMAIL;
  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-sand-100">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-16 sm:px-6">
        <h2 id="contact-title" className="text-3xl font-bold text-stone-900">
          {t('contact.title')}
        </h2>
        <p className="max-w-2xl text-stone-700">{t('contact.body')}</p>
        <div className="flex flex-wrap gap-3">
          {email ? (
            <Button asChild>
              <a href={`mailto:${email}`}>
                <Mail aria-hidden="true" />
                {t('contact.email', { email })}
              </a>
            </Button>
          ) : null}
          <Button asChild variant={email ? 'outline' : 'primary'}>
            <Link to={paths.login.getHref()}>{t('contact.start')}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

export function LandingFooter() {
  const { t } = useTranslation('landing');
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-stone-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
        <nav aria-label={t('footer.nav_label')}>
          <ul className="flex flex-wrap gap-4">
            <li>
              <a href="#pricing" className="hover:text-stone-900">
                {t('footer.pricing')}
              </a>
            </li>
            <li>
              <Link to={paths.game.getHref()} className="hover:text-stone-900">
                {t('footer.game')}
              </Link>
            </li>
            <li>
              <Link to={paths.health.getHref()} className="hover:text-stone-900">
                {t('footer.status')}
              </Link>
            </li>
            <li>
              <Link to={paths.login.getHref()} className="hover:text-stone-900">
                {t('footer.sign_in')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

import { ArrowRight, CalendarCheck, ReceiptText, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function HeroSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-sand-50 to-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
        <div className="flex flex-col items-start gap-5">
          <p className="inline-flex items-center gap-2 rounded-full bg-primary-50 px-3 py-1 text-sm font-medium text-primary-800">
            <Sparkles aria-hidden="true" className="size-4" />
            {t('hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="text-4xl leading-tight font-bold text-stone-900 sm:text-5xl">
            {t('hero.title')}
          </h1>
          <p className="max-w-xl text-lg text-stone-700">{t('hero.subtitle')}</p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={paths.login.getHref()}>
                {t('hero.cta_primary')}
                <ArrowRight aria-hidden="true" className="rtl:rotate-180" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#pricing">{t('hero.cta_secondary')}</a>
            </Button>
          </div>
        </div>
        <ul className="grid content-center gap-3" aria-label={t('hero.highlights_label')}>
          {(
            [
              ['calendar', CalendarCheck],
              ['invoices', ReceiptText],
              ['bilingual', Sparkles],
            ] as const
          ).map(([key, Icon]) => (
            <li key={key} className="flex items-start gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-700 text-white">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <p className="font-semibold text-stone-900">{t(`hero.highlights.${key}.title`)}</p>
                <p className="text-sm text-stone-600">{t(`hero.highlights.${key}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

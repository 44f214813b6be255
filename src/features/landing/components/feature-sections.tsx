import {
  BedDouble,
  CalendarDays,
  ClipboardList,
  Globe,
  Languages,
  LayoutDashboard,
  ReceiptText,
  Sparkles,
  Store,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Only what the product does today (issue 12): each card names a screen that ships. Door codes,
 * WhatsApp and channel sync are not built, so they are not promised here.
 */
const FEATURES: [string, LucideIcon][] = [
  ['no_double_booking', CalendarDays],
  ['zatca', ReceiptText],
  ['payments', Wallet],
  ['booking_page', Globe],
  ['cleaning', Sparkles],
  ['bilingual', Languages],
];

const MODULES: [string, LucideIcon][] = [
  ['overview', LayoutDashboard],
  ['units', BedDouble],
  ['bookings', CalendarDays],
  ['clients', Users],
  ['payments', ReceiptText],
  ['tasks', ClipboardList],
  ['vendors', Store],
  ['public_site', Globe],
  ['bilingual', Languages],
];

export function FeaturesSection() {
  const { t } = useTranslation('landing');
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-16 mx-auto max-w-6xl px-4 py-16 sm:px-6"
    >
      <h2 id="features-title" className="text-3xl font-bold text-stone-900">
        {t('features.title')}
      </h2>
      <p className="mt-2 max-w-2xl text-stone-700">{t('features.subtitle')}</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(([key, Icon]) => (
          <li key={key} className="flex flex-col gap-2">
            <Icon aria-hidden="true" className="size-6 text-primary-700" />
            <h3 className="font-semibold text-stone-900">{t(`features.items.${key}.title`)}</h3>
            <p className="text-sm text-stone-700">{t(`features.items.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ModulesSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="modules" aria-labelledby="modules-title" className="scroll-mt-16 bg-stone-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="modules-title" className="text-3xl font-bold text-stone-900">
          {t('modules.title')}
        </h2>
        <p className="mt-2 max-w-2xl text-stone-700">{t('modules.subtitle')}</p>
        <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {MODULES.map(([key, Icon]) => (
            <li key={key} className="flex items-start gap-3 rounded-xl border border-stone-200 bg-white p-4">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700" />
              <div>
                <h3 className="font-semibold text-stone-900">{t(`modules.items.${key}.title`)}</h3>
                <p className="text-sm text-stone-700">{t(`modules.items.${key}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

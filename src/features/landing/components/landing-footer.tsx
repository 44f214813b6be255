import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '@/components/language-switch';
import { paths } from '@/config/paths';

const SECTIONS = ['features', 'modules', 'pricing', 'demo', 'contact'] as const;

const linkClass = 'hover:text-stone-900 hover:underline';

/**
 * SPEC §2 footer: the product's sections and pages, the language switch and the legal pages.
 * `sectionsOn` is where the landing's sections are: '' on the landing itself (the browser
 * scrolls), the home page's path elsewhere (the legal pages).
 */
export function LandingFooter({ sectionsOn = '' }: { sectionsOn?: string }) {
  const { t } = useTranslation('landing');
  return (
    <footer className="border-t border-stone-200 bg-white" data-testid="landing-footer">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm text-stone-600 sm:grid-cols-3 sm:px-6">
        <div className="flex flex-col items-start gap-3">
          <p className="text-base font-bold text-primary-800">{t('common:app_name')}</p>
          <div className="flex items-center gap-2">
            <span>{t('footer.language')}:</span>
            <LanguageSwitch className="-ms-2" />
          </div>
          <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="mb-3 font-semibold text-stone-900">
            {t('footer.product')}
          </h2>
          <ul className="flex flex-col gap-2">
            {SECTIONS.map((section) => (
              <li key={section}>
                <a href={`${sectionsOn}#${section}`} className={linkClass}>
                  {t(`footer.${section}`)}
                </a>
              </li>
            ))}
            <li>
              <Link to={paths.login.getHref()} className={linkClass}>
                {t('footer.sign_in')}
              </Link>
            </li>
            <li>
              <Link to={paths.health.getHref()} className={linkClass}>
                {t('footer.status')}
              </Link>
            </li>
            <li>
              <Link to={paths.game.getHref()} className={linkClass}>
                {t('footer.game')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-3 font-semibold text-stone-900">
            {t('footer.legal')}
          </h2>
          <ul className="flex flex-col gap-2">
            <li>
              <Link to={paths.terms.getHref()} className={linkClass}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link to={paths.privacy.getHref()} className={linkClass}>
                {t('footer.privacy')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

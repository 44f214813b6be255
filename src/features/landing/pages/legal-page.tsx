import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/components/page-header';
import { paths } from '@/config/paths';
import { LandingFooter } from '../components/landing-footer';

type LegalDocument = 'terms' | 'privacy';

/** A section of a legal text: a title, then paragraphs (`p1`, `p2`, …) and an optional list, in order. */
type LegalSection = { title: string; list?: Record<string, string> } & Record<string, string | Record<string, string>>;

function LegalSectionBlock({ id, section }: { id: string; section: LegalSection }) {
  return (
    <section aria-labelledby={`legal-${id}`} className="flex flex-col gap-3">
      <h2 id={`legal-${id}`} className="text-xl font-semibold text-stone-900">
        {section.title}
      </h2>
      {Object.entries(section).map(([key, value]) => {
        if (key === 'title') return null;
        if (typeof value === 'string') return <p key={key}>{value}</p>;
        return (
          <ul key={key} className="flex list-disc flex-col gap-2 ps-6">
            {Object.entries(value).map(([item, text]) => (
              <li key={item}>{text}</li>
            ))}
          </ul>
        );
      })}
    </section>
  );
}

/** Terms or privacy (issue 12): the text of the visitor's language, then the landing's footer. */
function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation('legal');
  useDocumentTitle(t(`${document}.title`));
  const sections = t(`${document}.sections`, { returnObjects: true }) as Record<string, LegalSection>;
  const other = document === 'terms' ? paths.privacy.getHref() : paths.terms.getHref();
  return (
    <>
      <article className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-12 leading-relaxed text-stone-800 sm:px-6">
        <header className="flex flex-col gap-3">
          <h1 className="text-3xl font-bold text-stone-900">{t(`${document}.title`)}</h1>
          <p className="text-sm text-stone-600">{t('updated')}</p>
          <p>{t(`${document}.intro`)}</p>
        </header>
        {Object.entries(sections).map(([id, section]) => (
          <LegalSectionBlock key={id} id={id} section={section} />
        ))}
        <p className="flex flex-wrap gap-x-6 gap-y-2">
          <a href={`${paths.home.getHref()}#contact`} className="font-medium text-primary-800 underline">
            {t('contact_link')}
          </a>
          <Link to={other} className="font-medium text-primary-800 underline">
            {t(`other.${document}`)}
          </Link>
        </p>
      </article>
      <LandingFooter sectionsOn={paths.home.getHref()} />
    </>
  );
}

export function TermsPage() {
  return <LegalPage document="terms" />;
}

export function PrivacyPage() {
  return <LegalPage document="privacy" />;
}

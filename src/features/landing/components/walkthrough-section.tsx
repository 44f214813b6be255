import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { currentLanguage } from '@/lib/i18n';
import {
  SHOT_FORMATS,
  shotFile,
  shotHeight,
  shotSrcSet,
  WALKTHROUGH_SHOTS,
  type WalkthroughShot,
} from '../lib/walkthrough';

const PHONE_WIDTH = SHOT_FORMATS.phone.widths[0]!;
const DESKTOP_WIDTH = SHOT_FORMATS.desktop.widths[0]!;

/**
 * One real screen: the desktop capture from 768 px up, the phone capture below, each with its
 * widths in `srcset` and its size reserved (width/height), loaded lazily.
 */
function Shot({ shot }: { shot: WalkthroughShot }) {
  const { t } = useTranslation('landing');
  const language = currentLanguage();
  return (
    <figure className="flex flex-col gap-3" data-testid={`walkthrough-${shot}`}>
      <picture>
        <source
          media="(min-width: 768px)"
          srcSet={shotSrcSet(shot, language, 'desktop')}
          sizes="(min-width: 1152px) 536px, calc(50vw - 2.5rem)"
          width={DESKTOP_WIDTH}
          height={shotHeight('desktop', DESKTOP_WIDTH)}
        />
        <img
          src={`/${shotFile(shot, language, 'phone', PHONE_WIDTH)}`}
          srcSet={shotSrcSet(shot, language, 'phone')}
          sizes="18rem"
          width={PHONE_WIDTH}
          height={shotHeight('phone', PHONE_WIDTH)}
          loading="lazy"
          decoding="async"
          alt={t(`walkthrough.shots.${shot}.alt`)}
          className="mx-auto h-auto w-full max-w-72 rounded-xl border border-white/10 bg-white shadow-lg md:max-w-none"
        />
      </picture>
      <figcaption>
        <p className="font-semibold">{t(`walkthrough.shots.${shot}.title`)}</p>
        <p className="mt-1 text-sm text-primary-100">{t(`walkthrough.shots.${shot}.body`)}</p>
      </figcaption>
    </figure>
  );
}

/** SPEC §2 demo walkthrough: screenshots of the real product (scripts/walkthrough-screenshots.ts). */
export function WalkthroughSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="demo" aria-labelledby="demo-title" className="scroll-mt-16 bg-primary-950 text-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="demo-title" className="text-3xl font-bold">
          {t('walkthrough.title')}
        </h2>
        <p className="mt-2 max-w-2xl text-primary-100">{t('walkthrough.subtitle')}</p>
        <ul className="mt-8 grid gap-10 md:grid-cols-2">
          {WALKTHROUGH_SHOTS.map((shot) => (
            <li key={shot}>
              <Shot shot={shot} />
            </li>
          ))}
        </ul>
        <div className="mt-10">
          <Button asChild variant="secondary">
            <Link to={paths.login.getHref()}>
              {t('walkthrough.try_it')}
              <ArrowRight aria-hidden="true" className="rtl:rotate-180" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PublicSiteFallback } from '../components/public-site-fallback';

export function PublicSitePage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation('public-site');
  return <h1>{t('title', { slug })}</h1>;
}
void PublicSiteFallback;

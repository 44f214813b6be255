import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** SPEC §2: any unknown path shows "Page not found" with a way home. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('not_found.title'));
  return (
    <div
      className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-20 text-center"
      data-testid="not-found"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-700">
        <Compass aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold text-stone-900">{t('not_found.title')}</h1>
      <p className="max-w-md text-stone-600">{t('not_found.description')}</p>
      <Button asChild>
        <Link to={paths.home.getHref()}>{t('actions.return_home')}</Link>
      </Button>
    </div>
  );
}

import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { LanguageSwitch } from '@/components/language-switch';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

export function PublicLayout() {
  const { t } = useTranslation('common');
  const { status } = useSession();
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:start-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('skip_to_content')}
      </a>
      <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Link to={paths.home.getHref()} className="flex items-center gap-2 text-lg font-bold text-primary-800">
            <span
              aria-hidden="true"
              lang="ar"
              className="flex size-8 items-center justify-center rounded-lg bg-primary-700 text-white"
            >
              ن
            </span>
            {t('app_name')}
          </Link>
          <div className="flex-1" />
          <LanguageSwitch />
          <Button asChild size="sm" variant={status === 'signed_in' ? 'primary' : 'outline'}>
            {status === 'signed_in' ? (
              <Link to={paths.dashboard.root.getHref()}>{t('nav.dashboard')}</Link>
            ) : (
              <Link to={paths.login.getHref()}>{t('nav.sign_in')}</Link>
            )}
          </Button>
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        <Suspense fallback={<Spinner label={t('loading')} className="m-auto py-12" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

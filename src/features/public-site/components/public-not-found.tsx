import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '@/components/language-switch';
import { useDocumentTitle } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export interface PublicNotFoundProps {
  title: string;
  description: string;
  /** Where "Return home" leads: the app's home for a missing site, the site for a missing unit. */
  homeHref: string;
  testId: string;
}

/** A site or unit that is not open to visitors: a proper not-found page, not a crash. */
export function PublicNotFound({ title, description, homeHref, testId }: PublicNotFoundProps) {
  const { t } = useTranslation('common');
  useDocumentTitle(title);
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-stone-50 px-6"
      data-testid={testId}
    >
      <div className="absolute top-4 end-4">
        <LanguageSwitch />
      </div>
      <EmptyState
        icon={SearchX}
        titleAs="h1"
        title={title}
        description={description}
        action={
          <Button asChild>
            <Link to={homeHref}>{t('actions.return_home')}</Link>
          </Button>
        }
      />
    </main>
  );
}

import { SearchX } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { Translate } from '@/lib/translate';

export interface PublicNotFoundProps {
  title: string;
  description: string;
  /** Where "Return home" leads: the app's home for a missing site, the site for a missing unit. */
  homeHref: string;
  testId: string;
  /** `common` texts: the app's i18next `t`, or the lean page's translator (lib/translate.ts). */
  t: Translate;
  /** The page's language switch (the app's or the lean page's). */
  languageSwitch: ReactNode;
}

/**
 * A site or unit that is not open to visitors: a proper not-found page, not a crash. "Return
 * home" is a plain link: the public site and the app are separate entry points (issue 12).
 */
export function PublicNotFound({ title, description, homeHref, testId, t, languageSwitch }: PublicNotFoundProps) {
  const appName = t('common:app_name');
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-stone-50 px-6"
      data-testid={testId}
    >
      <div className="absolute top-4 end-4">{languageSwitch}</div>
      <EmptyState
        icon={SearchX}
        titleAs="h1"
        title={title}
        description={description}
        action={
          <Button asChild>
            <a href={homeHref}>{t('common:actions.return_home')}</a>
          </Button>
        }
      />
    </main>
  );
}

import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { isDebugMode } from '@/lib/environment';

export interface CrashScreenProps {
  error: unknown;
  errorId: string;
  onTryAgain: () => void;
}

/** SPEC §2: "Something went wrong" with Try Again and Reload Page. */
export function CrashScreen({ error, errorId, onTryAgain }: CrashScreenProps) {
  const { t } = useTranslation('common');
  const debug = isDebugMode();
  return (
    <main
      role="alert"
      data-testid="crash-screen"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-stone-50 px-6 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-red-100 text-red-700">
        <TriangleAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-semibold text-stone-900">{t('crash.title')}</h1>
      <p className="max-w-md text-stone-600">{t('crash.description')}</p>
      <p className="font-mono text-xs text-stone-500" dir="ltr">
        {t('crash.error_id', { id: errorId })}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onTryAgain}>{t('actions.try_again')}</Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          {t('actions.reload_page')}
        </Button>
      </div>
      {debug ? <TechnicalDetails error={error} /> : null}
    </main>
  );
}

export function TechnicalDetails({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const text = error instanceof Error ? `${error.name}: ${error.message}\n\n${error.stack ?? ''}` : String(error);
  return (
    <details open className="w-full max-w-2xl text-start" data-testid="technical-details">
      <summary className="cursor-pointer text-sm font-medium text-stone-700">{t('crash.details')}</summary>
      <pre
        dir="ltr"
        className="mt-2 max-h-80 overflow-auto rounded-md bg-stone-900 p-3 text-start text-xs text-stone-100"
      >
        {text}
      </pre>
    </details>
  );
}

import { DirectionProvider } from '@radix-ui/react-direction';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { getEnvironment, isDebugMode } from '@/lib/environment';
import { getDirection, i18n, isLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AuthProvider } from '@/lib/auth';
import { AppErrorBoundary } from './errors/app-error-boundary';

/** SPEC §9: toasts stay 4 seconds, at most 3 at a time. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE = 3;

/** Radix reads the direction from here (menus, tabs, sliders); sonner gets it as a prop. */
function DirectionAware({ children }: { children: ReactNode }) {
  const { t, i18n: instance } = useTranslation('common');
  const dir = getDirection(isLanguage(instance.resolvedLanguage) ? instance.resolvedLanguage : 'en');
  return (
    <DirectionProvider dir={dir}>
      {children}
      <Toaster
        dir={dir}
        // The toast stack sits at the reading end of the top edge: right in English, left in Arabic.
        position={dir === 'rtl' ? 'top-left' : 'top-right'}
        duration={TOAST_DURATION_MS}
        visibleToasts={TOAST_VISIBLE}
        closeButton
        richColors
        containerAriaLabel={t('toast.region')}
        toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
      />
    </DirectionProvider>
  );
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(
    () => queryClient ?? createQueryClient({ environment: getEnvironment(), debug: isDebugMode() }),
  );
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionAware>
        <AppErrorBoundary>
          <QueryClientProvider client={client}>
            <AuthProvider>{children}</AuthProvider>
          </QueryClientProvider>
        </AppErrorBoundary>
      </DirectionAware>
    </I18nextProvider>
  );
}

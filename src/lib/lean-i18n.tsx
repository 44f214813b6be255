import { createContext, useContext, type ReactNode } from 'react';
import type { Language } from './i18n';
import type { Translate } from './translate';

/**
 * The language of a lean entry point (`/org/<slug>`) and its translator (lib/translate.ts), for
 * components that must not pull i18next into that page's first paint. `setLanguage` switches
 * at once and remembers the choice, like the app's language switch.
 */
export interface LeanI18n {
  language: Language;
  t: Translate;
  setLanguage: (language: Language) => void;
}

const LeanI18nContext = createContext<LeanI18n | null>(null);

export function LeanI18nProvider({ value, children }: { value: LeanI18n; children: ReactNode }) {
  return <LeanI18nContext.Provider value={value}>{children}</LeanI18nContext.Provider>;
}

export function useLeanI18n(): LeanI18n {
  const value = useContext(LeanI18nContext);
  if (!value) throw new Error('useLeanI18n() needs a <LeanI18nProvider> above it');
  return value;
}

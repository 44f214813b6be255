import i18next, { type BackendModule, type i18n as I18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import arCommon from '@/locales/ar/common.json';
import enCommon from '@/locales/en/common.json';
import { safeLocalStorage } from './environment';
import {
  applyDocumentLanguage,
  DEFAULT_LANGUAGE,
  detectLanguage,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
  twinPath,
  type Language,
} from './i18n-core';

export {
  applyDocumentLanguage,
  DEFAULT_LANGUAGE,
  detectLanguage,
  getDirection,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
  twinPath,
  type Language,
} from './i18n-core';

type LocaleModule = { default: ResourceLanguage };
/** Every namespace except `common` is a separate chunk, fetched when a screen first needs it. */
const lazyLocales = import.meta.glob<LocaleModule>(['../locales/*/*.json', '!../locales/*/common.json']);

export function localeLoaderKey(language: string, namespace: string): string {
  return `../locales/${language}/${namespace}.json`;
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazyLocales[localeLoaderKey(language, namespace)];
    if (!load) {
      callback(new Error(`No locale file for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export type MissingKeyListener = (language: string, namespace: string, key: string) => void;

export interface InitI18nOptions {
  language?: Language;
  /** Called for every key that has no translation (tests fail on it, development warns). */
  onMissingKey?: MissingKeyListener;
  /** Load every namespace up front (tests), instead of lazily per screen. */
  resources?: Record<Language, Record<string, ResourceLanguage>>;
}

export const i18n: I18n = i18next.createInstance();

export async function initI18n(options: InitI18nOptions = {}): Promise<I18n> {
  const language =
    options.language ?? detectLanguage(safeLocalStorage(), typeof navigator === 'undefined' ? [] : navigator.languages);
  const onMissingKey: MissingKeyListener =
    options.onMissingKey ??
    ((lng, ns, key) => {
      if (import.meta.env.DEV) console.warn(`[i18n] missing ${lng}/${ns}:${key}`);
    });
  if (!options.resources) i18n.use(lazyBackend);
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    resources: options.resources ?? { en: { common: enCommon }, ar: { common: arCommon } },
    partialBundledLanguages: !options.resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: (languages, namespace, key) => {
      for (const lng of languages) onMissingKey(lng, namespace, key);
    },
    react: { useSuspense: true },
  });
  if (typeof document !== 'undefined') applyDocumentLanguage(language);
  return i18n;
}

/**
 * Switches the language at once, without a reload: `<html lang dir>` first (so the layout flips
 * in the same frame), then the translations, then the stored choice.
 */
export async function changeLanguage(language: Language): Promise<void> {
  applyDocumentLanguage(language);
  // On a prerendered page the address names the language (`/` ↔ `/ar`): keep them in step, so a
  // reload or a shared link shows what is on screen. The router's own history state is kept.
  const twin = twinPath(window.location.pathname, language);
  if (twin)
    window.history.replaceState(window.history.state, '', `${twin}${window.location.search}${window.location.hash}`);
  await i18n.changeLanguage(language);
  try {
    safeLocalStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage full or disabled: the switch still applies for this visit.
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

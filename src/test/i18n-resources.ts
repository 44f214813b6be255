import type { ResourceLanguage } from 'i18next';
import type { Language } from '@/lib/i18n';

/** Every namespace of both languages, loaded eagerly for tests (the app loads them lazily). */
const modules = import.meta.glob<{ default: ResourceLanguage }>('../locales/*/*.json', { eager: true });

export const allResources = Object.entries(modules).reduce<Record<Language, Record<string, ResourceLanguage>>>(
  (resources, [path, module]) => {
    const match = /locales\/(en|ar)\/([\w-]+)\.json$/.exec(path);
    if (match) resources[match[1] as Language][match[2] as string] = module.default;
    return resources;
  },
  { en: {}, ar: {} },
);

/**
 * The texts of the head tags, from the `seo` namespace (src/locales/{en,ar}/seo.json), read
 * without i18next: the prerender runs in Node and the lean `/org/<slug>` entry ships no i18next.
 * Both files together are well under 1 KB gzipped.
 */
import arSeo from '../../locales/ar/seo.json';
import enSeo from '../../locales/en/seo.json';
import type { SeoLanguage } from './types';

export type SeoText = typeof enSeo;

const TEXTS: Record<SeoLanguage, SeoText> = { en: enSeo, ar: arSeo };

export function seoText(language: SeoLanguage): SeoText {
  return TEXTS[language];
}

/** i18next-style `{{name}}` interpolation (no escaping: the writers escape for their context). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Collapses white space (line breaks of an "about" text) and cuts at a word near `max` characters. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:،؛-]+$/, '')}…`;
}

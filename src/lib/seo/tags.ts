/**
 * A head description as a list of tags, each with a stable key. The key is written into the tag's
 * `data-seo` attribute, so the client (applyHead) finds and updates the very tags the prerender
 * (renderHeadHtml) wrote, instead of adding a second set.
 */
import type { HeadDescription } from './types';

export const SEO_ATTRIBUTE = 'data-seo';

export interface HeadTag {
  key: string;
  name: 'meta' | 'link' | 'script';
  /** In writing order; values are plain text (the writers escape). */
  attributes: [string, string][];
  /** The JSON-LD text of a script. */
  text?: string;
}

/** JSON that cannot end its <script> early: <, >, & and the JS line separators as \u escapes. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function headTags(head: HeadDescription): HeadTag[] {
  const tags: HeadTag[] = [];
  const meta = (attribute: 'name' | 'property', key: string, content: string | number | null | undefined) => {
    if (content === null || content === undefined || content === '') return;
    tags.push({
      key: `${attribute}:${key}`,
      name: 'meta',
      attributes: [
        [attribute, key],
        ['content', String(content)],
      ],
    });
  };
  meta('name', 'description', head.description);
  meta('name', 'robots', head.robots);
  if (head.canonical) {
    tags.push({
      key: 'canonical',
      name: 'link',
      attributes: [
        ['rel', 'canonical'],
        ['href', head.canonical],
      ],
    });
  }
  const alternates = head.alternates;
  if (alternates) {
    for (const hreflang of ['en', 'ar', 'x-default'] as const) {
      const href = alternates[hreflang];
      tags.push({
        key: `alternate:${hreflang}`,
        name: 'link',
        attributes: [
          ['rel', 'alternate'],
          ['hreflang', hreflang],
          ['href', href],
        ],
      });
    }
  }
  const og = head.openGraph;
  meta('property', 'og:type', og.type);
  meta('property', 'og:site_name', og.siteName);
  meta('property', 'og:title', og.title);
  meta('property', 'og:description', og.description);
  meta('property', 'og:url', og.url);
  meta('property', 'og:locale', og.locale);
  og.alternateLocales.forEach((locale, index) => {
    tags.push({
      key: `property:og:locale:alternate:${index}`,
      name: 'meta',
      attributes: [
        ['property', 'og:locale:alternate'],
        ['content', locale],
      ],
    });
  });
  if (og.image) {
    meta('property', 'og:image', og.image.url);
    meta('property', 'og:image:width', og.image.width);
    meta('property', 'og:image:height', og.image.height);
    meta('property', 'og:image:type', og.image.type);
    meta('property', 'og:image:alt', og.image.alt);
  }
  const twitter = head.twitter;
  meta('name', 'twitter:card', twitter.card);
  meta('name', 'twitter:title', twitter.title);
  meta('name', 'twitter:description', twitter.description);
  meta('name', 'twitter:image', twitter.image);
  meta('name', 'twitter:image:alt', twitter.image ? twitter.imageAlt : null);
  head.jsonLd.forEach((data, index) => {
    tags.push({
      key: `ld:${index}`,
      name: 'script',
      attributes: [['type', 'application/ld+json']],
      text: serializeJsonLd(data),
    });
  });
  return tags;
}

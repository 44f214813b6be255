/**
 * Puts a head description into the live document (the client-rendered `/org/<slug>` page, or a
 * language switch on a prerendered page). Idempotent: the tags it owns carry `data-seo="<key>"`;
 * a second call updates them in place and removes those the new head no longer has. A tag the
 * page already had for the same purpose (index.html's `<meta name="description">`) is taken
 * over rather than duplicated. Other tags are left alone.
 */
import { headTags, SEO_ATTRIBUTE, type HeadTag } from './tags';
import type { HeadDescription } from './types';

/** A tag without our mark that means the same thing as `tag` (same name/property, canonical, hreflang). */
function sameTag(element: Element, tag: HeadTag): boolean {
  if (element.tagName.toLowerCase() !== tag.name || element.hasAttribute(SEO_ATTRIBUTE)) return false;
  const [first] = tag.attributes;
  if (!first) return false;
  const [attribute, value] = first;
  if (tag.name === 'meta')
    return !tag.key.startsWith('property:og:locale:alternate') && element.getAttribute(attribute) === value;
  if (tag.key === 'canonical') return element.getAttribute('rel') === 'canonical';
  if (tag.key.startsWith('alternate:')) {
    return element.getAttribute('rel') === 'alternate' && element.getAttribute('hreflang') === tag.attributes[1]?.[1];
  }
  return false;
}

export function applyHead(head: HeadDescription, doc: Document = document): void {
  doc.title = head.title;
  const owned = new Map<string, Element>();
  for (const element of Array.from(doc.head.querySelectorAll(`[${SEO_ATTRIBUTE}]`))) {
    const key = element.getAttribute(SEO_ATTRIBUTE) ?? '';
    if (owned.has(key)) element.remove();
    else owned.set(key, element);
  }
  const wanted = new Set<string>();
  for (const tag of headTags(head)) {
    wanted.add(tag.key);
    let element = owned.get(tag.key) ?? null;
    if (element && element.tagName.toLowerCase() !== tag.name) {
      element.remove();
      element = null;
    }
    element ??= Array.from(doc.head.children).find((candidate) => sameTag(candidate, tag)) ?? null;
    if (!element) {
      element = doc.createElement(tag.name);
      doc.head.appendChild(element);
    }
    for (const attribute of Array.from(element.attributes)) {
      const keep = attribute.name === SEO_ATTRIBUTE || tag.attributes.some(([name]) => name === attribute.name);
      if (!keep) element.removeAttribute(attribute.name);
    }
    for (const [name, value] of tag.attributes) {
      if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    }
    element.setAttribute(SEO_ATTRIBUTE, tag.key);
    if (tag.text !== undefined && element.textContent !== tag.text) element.textContent = tag.text;
  }
  for (const [key, element] of owned) if (!wanted.has(key)) element.remove();
}

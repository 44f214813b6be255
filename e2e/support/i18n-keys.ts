import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

const LOCALES = join(import.meta.dirname, '..', '..', 'src', 'locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(value: Record<string, unknown>, prefix: string, out: Set<string>): void {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object') flatten(child as Record<string, unknown>, path, out);
    else out.add(path.replace(PLURAL, ''));
  }
}

/** Every translation key, bare (`not_found.title`) and namespaced (`common:not_found.title`). */
export function allTranslationKeys(): Set<string> {
  const keys = new Set<string>();
  for (const file of readdirSync(join(LOCALES, 'en'))) {
    const namespace = file.replace(/\.json$/, '');
    const own = new Set<string>();
    flatten(JSON.parse(readFileSync(join(LOCALES, 'en', file), 'utf8')) as Record<string, unknown>, '', own);
    for (const key of own) {
      keys.add(key);
      keys.add(`${namespace}:${key}`);
    }
  }
  return keys;
}

/**
 * Raw keys a visitor could see: visible text nodes equal to a key, key-like words inside text
 * (`hero.title`, `landing:hero.title`), and the accessible names people hear (aria-label,
 * alt, title, placeholder).
 */
export async function findRawKeys(page: Page, keys: Set<string>): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && parent.checkVisibility() && node.textContent?.trim()) found.push(node.textContent.trim());
    }
    for (const element of Array.from(document.querySelectorAll('[aria-label],[alt],[title],[placeholder]'))) {
      for (const attribute of ['aria-label', 'alt', 'title', 'placeholder']) {
        const value = element.getAttribute(attribute);
        if (value) found.push(value.trim());
      }
    }
    found.push(document.title);
    return found;
  });
  const raw = new Set<string>();
  for (const text of texts) {
    if (keys.has(text)) raw.add(text);
    for (const word of text.split(/[\s,()]+/)) if (/[._:]/.test(word) && keys.has(word)) raw.add(word);
  }
  return [...raw];
}

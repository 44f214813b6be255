import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLocales } from './check-i18n.mjs';

let dir = '';
function locales(files: Record<string, unknown>) {
  dir = mkdtempSync(join(tmpdir(), 'nuzl-i18n-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path.split('/')[0] as string), { recursive: true });
    writeFileSync(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const arPlural = {
  n_zero: 'لا شيء',
  n_one: 'واحد',
  n_two: 'اثنان',
  n_few: '{{count}} أشياء',
  n_many: '{{count}} شيئًا',
  n_other: '{{count}} شيء',
};

describe('check-i18n', () => {
  it('passes matching locales, with Arabic plural forms', () => {
    const result = checkLocales(
      locales({
        'en/common.json': {
          title: 'Hi {{name}}',
          group: { a: 'A' },
          n_one: '{{count}} thing',
          n_other: '{{count}} things',
        },
        'ar/common.json': { title: 'مرحبًا {{name}}', group: { a: 'أ' }, ...arPlural },
      }),
    );
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ namespaces: 1, keys: 3 });
  });

  it('fails on a key present in one language only, both ways', () => {
    const { problems } = checkLocales(
      locales({
        'en/common.json': { a: 'A', only_en: 'x' },
        'ar/common.json': { a: 'أ', group: { only_ar: 'y' } },
      }),
    );
    expect(problems).toEqual([
      'common:group.only_ar exists in ar but not in en',
      'common:only_en exists in en but not in ar',
    ]);
  });

  it('fails on a namespace file missing in one language', () => {
    const { problems } = checkLocales(
      locales({ 'en/units.json': { a: 'A' }, 'ar/common.json': {}, 'en/common.json': {} }),
    );
    expect(problems).toEqual(['ar/units.json is missing (the namespace exists in another language)']);
  });

  it('fails on missing Arabic plural forms', () => {
    const { problems } = checkLocales(
      locales({
        'en/common.json': { n_one: 'one', n_other: 'other' },
        'ar/common.json': { n_one: 'واحد', n_other: 'كثير' },
      }),
    );
    expect(problems).toEqual(['ar/common:n lacks plural forms few, many, two, zero']);
  });

  it('fails on empty values, bad types, invalid JSON and mismatched variables', () => {
    const { problems } = checkLocales(
      locales({
        'en/common.json': { a: '', b: 3, c: 'Hello {{name}}' },
        'ar/common.json': { a: 'أ', b: 'ب', c: 'مرحبًا {{user}}' },
        'en/broken.json': '{ nope',
        'ar/broken.json': {},
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'en/common.json: "a" is empty',
        'en/common.json: "b" must be a string or an object',
        'common:c uses different {{variables}} across languages',
      ]),
    );
    expect(problems.some((problem) => problem.startsWith('en/broken.json: invalid JSON'))).toBe(true);
  });

  it('passes on the real locales of the app', () => {
    const result = checkLocales(join(import.meta.dirname, '../src/locales'));
    expect(result.problems).toEqual([]);
    expect(result.namespaces).toBeGreaterThanOrEqual(10);
  });
});

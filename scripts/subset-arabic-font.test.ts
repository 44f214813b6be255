import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARABIC_RANGES, INVISIBLE_RANGES, LATIN_RANGES, unicodeRange } from './subset-arabic-font';

const ROOT = path.resolve(__dirname, '..');
const CSS = readFileSync(path.join(ROOT, 'src/assets/fonts/ibm-plex-sans-arabic.css'), 'utf8');

function parseRange(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const [from, to = from] = part.trim().replace('U+', '').split('-');
    for (let cp = parseInt(from!, 16); cp <= parseInt(to!, 16); cp++) points.add(cp);
  }
  return points;
}

/** Every unicode-range of the generated @font-face rules. */
const covered = [...CSS.matchAll(/unicode-range:\s*([^;]+);/g)].map((m) => parseRange(m[1]!.replace(/\s+/g, ' ')));

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('the Arabic faces (npm run fonts)', () => {
  it('has a 400 and a 700 face with the same characters', () => {
    expect(covered).toHaveLength(2);
    expect([...covered[0]!]).toEqual([...covered[1]!]);
  });

  it('covers every character of the Arabic translations and of the demo organisation', () => {
    const dir = path.join(ROOT, 'src/locales/ar');
    const texts = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => strings(JSON.parse(readFileSync(path.join(dir, f), 'utf8'))));
    // The seeded organisation's Arabic names and descriptions are what /org/demo shows.
    texts.push(...(readFileSync(path.join(ROOT, 'supabase/seed.sql'), 'utf8').match(/[\u0600-\u06FF][^']*/g) ?? []));
    const missing = new Set<string>();
    for (const text of texts) {
      for (const char of text) {
        if (/\s/u.test(char) && char !== ' ' && char !== '\u00A0') continue;
        if (/\p{Emoji_Presentation}/u.test(char)) continue;
        if (!covered[0]!.has(char.codePointAt(0)!)) missing.add(char);
      }
    }
    // A new letter or sign: add it to ARABIC_RANGES or LATIN_RANGES and run `npm run fonts`.
    expect([...missing].map((c) => `${c} U+${c.codePointAt(0)!.toString(16).toUpperCase()}`)).toEqual([]);
  });

  it('claims the invisible format characters Intl writes into Arabic text', () => {
    // Unclaimed, an Arabic page fetched a Latin face for a direction mark.
    for (const cp of [0x061c, 0x200e, 0x200f, 0x2066, 0x2069]) expect(covered[0]!.has(cp)).toBe(true);
  });

  it('lists only code points the script asked for', () => {
    const asked = new Set(
      ARABIC_RANGES.concat(LATIN_RANGES, INVISIBLE_RANGES).flatMap(([a, b]) => [
        ...parseRange(`U+${a.toString(16)}-${b.toString(16)}`),
      ]),
    );
    expect([...covered[0]!].filter((cp) => !asked.has(cp))).toEqual([]);
  });
});

describe('unicodeRange', () => {
  it('folds consecutive code points into ranges, sorted and without repeats', () => {
    expect(unicodeRange([0x62, 0x20, 0x21, 0x22, 0x61, 0x600, 0x21])).toBe('U+20-22, U+61-62, U+600');
  });
});

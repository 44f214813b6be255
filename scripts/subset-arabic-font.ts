/**
 * `npm run fonts` (issue 12): the Arabic faces of the app, cut from IBM Plex Sans Arabic to what
 * Arabic pages show, and written to src/assets/fonts/ with their @font-face rules.
 *
 * Why: the published Arabic subset of Plex (@fontsource) carries every Arabic-script language and
 * the presentation forms (43 KB a weight), and an Arabic page also needed the two Latin faces for
 * its spaces, digits and Latin words (23 KB each), which arrived after the first paint and moved
 * the text (Lighthouse CLS 0.022 on /ar/login). One file a weight now covers both scripts of an
 * Arabic page: the Arabic letters of Arabic and of the Gulf's loanword letters (ڤ گ پ چ), harakat,
 * Arabic-Indic digits and punctuation, and Latin-1 with the common typographic marks, from Plex
 * Sans Arabic's own Latin (the same design as Plex Sans). About 31 KB a weight.
 *
 * A character outside the set (a Persian-only or Urdu-only letter, a presentation-form code point
 * pasted from a PDF) is drawn by the next font of the stack. `unicode-range` lists what the files
 * hold (and the invisible format characters), so such a character never downloads a face for
 * nothing.
 *
 * The output is committed; src/assets/fonts/fonts.test.ts checks that every character of the
 * Arabic translations is covered, so a new text with a new letter asks for a re-run.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Blob, Face } from 'harfbuzzjs';
import { format, resolveConfig } from 'prettier';
import subsetFont from 'subset-font';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'src/assets/fonts');
const require = createRequire(import.meta.url);

/** [from, to] code point ranges, inclusive. */
type Ranges = Array<[number, number]>;

export const ARABIC_RANGES: Ranges = [
  [0x060c, 0x060c], // ، comma
  [0x061b, 0x061b], // ؛ semicolon
  [0x061f, 0x061f], // ؟ question mark
  [0x0621, 0x063a], // ء … غ
  [0x0640, 0x065f], // tatweel, ف … ي, harakat, hamza marks
  [0x0660, 0x066d], // Arabic-Indic digits, ٪ ٫ ٬ ٭
  [0x0670, 0x0671], // superscript alef, alef wasla
  [0x067e, 0x067e], // پ
  [0x0686, 0x0686], // چ
  [0x0698, 0x0698], // ژ
  [0x06a4, 0x06a4], // ڤ (ڤيلا)
  [0x06a9, 0x06a9], // ک
  [0x06af, 0x06af], // گ
  [0x06cc, 0x06cc], // ی
  [0x06d4, 0x06d4], // ۔ full stop
];

/**
 * Invisible format characters: the font has no glyph for them and needs none, but `Intl` puts
 * them in Arabic numbers, dates and phone numbers (U+061C, U+200E, U+200F, U+2066-2069). Claimed
 * by the Arabic faces, they no longer pull the Latin faces into an Arabic page.
 */
export const INVISIBLE_RANGES: Ranges = [
  [0x061c, 0x061c], // Arabic letter mark
  [0x200b, 0x200f], // zero-width space, ZWNJ, ZWJ, LRM, RLM
  [0x202a, 0x202e], // bidi embeddings
  [0x2060, 0x2064], // word joiner, invisible operators
  [0x2066, 0x2069], // bidi isolates
  [0xfeff, 0xfeff], // zero-width no-break space
];

export const LATIN_RANGES: Ranges = [
  [0x0020, 0x007e], // ASCII
  [0x00a0, 0x00ff], // Latin-1
  [0x2010, 0x2027], // dashes, quotes, bullet, ellipsis
  [0x2000, 0x200a], // spaces of set widths
  [0x2028, 0x202f], // narrow no-break space (Intl's, in French-style numbers)
  [0x2030, 0x203a], // per mille, primes, guillemets
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2190, 0x2193], // arrows
  [0x2212, 0x2212], // minus
  [0x2248, 0x2248], // ≈
];

const WEIGHTS = [
  { weight: 400, source: '@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf' },
  { weight: 700, source: '@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf' },
] as const;

function codePoints(ranges: Ranges): number[] {
  return ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

/** `U+20-7E, U+A0` — consecutive code points folded into ranges, as CSS writes them. */
export function unicodeRange(points: Iterable<number>): string {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    const hex = (n: number) => n.toString(16).toUpperCase();
    parts.push(i === j ? `U+${hex(sorted[i]!)}` : `U+${hex(sorted[i]!)}-${hex(sorted[j]!)}`);
    i = j + 1;
  }
  return parts.join(', ');
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const wanted = codePoints([...ARABIC_RANGES, ...LATIN_RANGES]);
  const rules: string[] = [];
  for (const { weight, source } of WEIGHTS) {
    const ttf = await readFile(require.resolve(source));
    // Only what the font really has goes into unicode-range.
    const present = new Set(new Face(new Blob(ttf)).collectUnicodes());
    const kept = wanted.filter((cp) => present.has(cp));
    const woff2 = await subsetFont(ttf, String.fromCodePoint(...kept), { targetFormat: 'woff2' });
    const claimed = [...kept, ...codePoints(INVISIBLE_RANGES)];
    const file = `ibm-plex-sans-arabic-${weight}.woff2`;
    await writeFile(path.join(OUT_DIR, file), woff2);
    console.log(`${file}: ${kept.length} characters, ${(woff2.length / 1000).toFixed(1)} KB`);
    rules.push(
      [
        '@font-face {',
        "  font-family: 'IBM Plex Sans Arabic';",
        '  font-style: normal;',
        `  font-weight: ${weight};`,
        '  font-display: swap;',
        `  src: url('./${file}') format('woff2');`,
        `  unicode-range: ${unicodeRange(claimed)};`,
        '}',
      ].join('\n'),
    );
  }
  const css = [
    '/* Generated by `npm run fonts` (scripts/subset-arabic-font.ts): do not edit. IBM Plex Sans Arabic',
    ' * (SIL Open Font License 1.1), cut to the Arabic and Latin an Arabic page shows. */',
    ...rules,
    '',
  ].join('\n');
  const file = path.join(OUT_DIR, 'ibm-plex-sans-arabic.css');
  await writeFile(file, await format(css, { ...(await resolveConfig(file)), filepath: file }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

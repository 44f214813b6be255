import bidiFactory from 'bidi-js';

/**
 * One line of mixed Arabic and Latin text as runs in visual order (left to right on the page),
 * by the Unicode Bidirectional Algorithm (UAX #9, bidi-js): Arabic runs read right to left,
 * numbers, codes and English left to right, wherever they sit in the sentence.
 *
 * A right-to-left run keeps its *logical* text (`shape: true`) when it holds Arabic letters: the
 * shaper (fontkit) joins the letters in logical order and lays the glyphs out right to left
 * itself. A right-to-left run without Arabic letters (spaces, punctuation between Arabic words) is
 * given already reversed. Brackets are mirrored in right-to-left runs (UAX #9 L4).
 */
export interface VisualRun {
  text: string;
  rtl: boolean;
}

const bidi = bidiFactory();
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

export function hasArabic(text: string): boolean {
  return ARABIC.test(text);
}

export function visualRuns(text: string, direction: 'rtl' | 'ltr' | 'auto' = 'auto'): VisualRun[] {
  if (text === '') return [];
  const embedding = bidi.getEmbeddingLevels(text, direction === 'auto' ? undefined : direction);
  const { levels } = embedding;
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const chars = Array.from(text, (_, index) => mirrored.get(index) ?? text[index]!);

  // Visual order of the logical indices: reverse each segment the algorithm names (rule L2).
  const order = chars.map((_, index) => index);
  for (const [start = 0, end = -1] of bidi.getReorderSegments(text, embedding)) {
    order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
  }

  const runs: VisualRun[] = [];
  let current: number[] = [];
  const flush = () => {
    if (current.length === 0) return;
    const rtl = levels[current[0]!]! % 2 === 1;
    const visual = current.map((index) => chars[index]).join('');
    // Logical text of a right-to-left run = its visual characters read backwards.
    const logical = [...visual].reverse().join('');
    runs.push(rtl && hasArabic(logical) ? { text: logical, rtl: true } : { text: visual, rtl });
    current = [];
  };
  for (const index of order) {
    if (current.length > 0 && levels[index] !== levels[current[current.length - 1]!]) flush();
    current.push(index);
  }
  flush();
  return runs;
}

import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { visualRuns } from './bidi-runs';

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: RGB;
  /** The paragraph's direction for the bidi algorithm: Arabic labels are rtl, values auto. */
  direction?: 'rtl' | 'ltr' | 'auto';
}

interface FontkitGlyph {
  codePoints: number[];
}
interface FontkitFont {
  layout: (text: string, features?: unknown) => { direction?: string; glyphs: FontkitGlyph[] };
}

/**
 * A ligature glyph (lam-alef, and the font's other Arabic ligatures) maps to several characters
 * in the PDF's ToUnicode table. Its glyph sits in a right-to-left run, which text extraction and
 * copy-paste read backwards and then reverse: the characters of such a glyph are therefore stored
 * right to left too, so "لا" is copied as "لا" and not "ال". (pdf-lib writes ToUnicode from the
 * glyphs fontkit's layout returns; fontkit keeps one glyph object per glyph id.)
 */
export function fixLigatureText(font: PDFFont): void {
  const fontkit = (font as unknown as { embedder?: { font?: FontkitFont } }).embedder?.font;
  if (!fontkit || (fontkit as { nuzlLigatures?: boolean }).nuzlLigatures) return;
  const layout = fontkit.layout.bind(fontkit);
  const reversed = new WeakSet<FontkitGlyph>();
  fontkit.layout = (text, features) => {
    const run = layout(text, features);
    if (run.direction === 'rtl')
      for (const glyph of run.glyphs)
        if (glyph.codePoints.length > 1 && !reversed.has(glyph)) {
          glyph.codePoints = [...glyph.codePoints].reverse();
          reversed.add(glyph);
        }
    return run;
  };
  (fontkit as { nuzlLigatures?: boolean }).nuzlLigatures = true;
}

/** Measures, wraps and draws bidirectional text (Arabic shaped by fontkit, ordered by UAX #9). */
export class PdfText {
  /** Shaping is the slow part (fontkit lays out every run): each run is measured once. */
  private readonly widths = new Map<string, number>();

  constructor(private readonly fonts: PdfFonts) {}

  private runWidth(text: string, style: TextStyle): number {
    const key = `${style.bold ? 'b' : 'r'}${style.size}|${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.font(style).widthOfTextAtSize(text, style.size);
      this.widths.set(key, width);
    }
    return width;
  }

  private font(style: TextStyle) {
    return style.bold ? this.fonts.bold : this.fonts.regular;
  }

  width(text: string, style: TextStyle): number {
    const font = this.font(style);
    return visualRuns(text, style.direction).reduce(
      (sum, run) => sum + font.widthOfTextAtSize(run.text, style.size),
      0,
    );
  }

  /** Greedy word wrap to `maxWidth` (logical order; each line is reordered when drawn). */
  wrap(text: string, maxWidth: number, style: TextStyle): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (line && this.width(candidate, style) > maxWidth) {
          lines.push(line);
          line = word;
        } else line = candidate;
        // A single word wider than the box (a long hash or e-mail) is cut by characters.
        while (this.width(line, style) > maxWidth && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && this.width(line.slice(0, cut), style) > maxWidth) cut -= 1;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** One line at baseline `y`, aligned in the box [x, x + width]. */
  draw(
    page: PDFPage,
    text: string,
    box: { x: number; y: number; width: number; align: 'left' | 'right' | 'center' },
    style: TextStyle,
  ) {
    const font = this.font(style);
    const runs = visualRuns(text, style.direction);
    const total = runs.reduce((sum, run) => sum + this.runWidth(run.text, style), 0);
    let x =
      box.align === 'left'
        ? box.x
        : box.align === 'right'
          ? box.x + box.width - total
          : box.x + (box.width - total) / 2;
    for (const run of runs) {
      page.drawText(run.text, { x, y: box.y, size: style.size, font, color: style.color });
      x += this.runWidth(run.text, style);
    }
  }
}

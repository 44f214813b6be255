import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { qrMatrix } from '../lib/qr-matrix';
import type { DocumentRow, TaxDocument } from '../lib/tax-document';
import { TAX_LABELS, type BilingualLabel } from '../lib/tax-invoice-labels';
import type { FontFiles } from './fonts';
import { fixLigatureText, PdfText, type TextStyle } from './pdf-text';

export { loadInvoiceFonts } from './fonts';

/**
 * The tax invoice as an A4 PDF: the same content as the page and its print view (lib/tax-document),
 * English at the left and Arabic at the right, Arabic shaped (fontkit: joined letter forms,
 * lam-alef) and ordered by the Unicode bidi algorithm (numbers left to right inside Arabic), the
 * ZATCA QR drawn as vector squares. The whole font is embedded: pdf-lib's subsetting loses most
 * Arabic glyph forms of this font.
 */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const WIDTH = A4[0] - MARGIN * 2;
const INK = rgb(0.11, 0.1, 0.09);
const MUTED = rgb(0.42, 0.4, 0.38);
const RULE = rgb(0.82, 0.8, 0.78);
const AMBER = rgb(0.57, 0.25, 0.05);

interface Cursor {
  page: PDFPage;
  y: number;
}

export async function buildInvoicePdf(document: TaxDocument, files: FontFiles): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const fonts = {
    regular: await pdf.embedFont(files.regular, { subset: false }),
    bold: await pdf.embedFont(files.bold, { subset: false }),
  };
  fixLigatureText(fonts.regular);
  fixLigatureText(fonts.bold);
  const text = new PdfText(fonts);
  pdf.setTitle(`${document.title.en} ${document.meta[0]?.value ?? ''}`.trim());
  pdf.setLanguage('ar-SA');
  pdf.setCreator('Nuzl');

  const cursor: Cursor = { page: pdf.addPage(A4), y: A4[1] - MARGIN };
  const newPage = () => {
    cursor.page = pdf.addPage(A4);
    cursor.y = A4[1] - MARGIN;
  };
  const ensure = (height: number) => {
    if (cursor.y - height < MARGIN + 24) newPage();
  };
  const pair = (label: BilingualLabel, style: TextStyle, x = MARGIN, width = WIDTH) => {
    text.draw(cursor.page, label.en, { x, y: cursor.y, width, align: 'left' }, { ...style, direction: 'ltr' });
    text.draw(cursor.page, label.ar, { x, y: cursor.y, width, align: 'right' }, { ...style, direction: 'rtl' });
  };

  /** Label in English | value | label in Arabic, the value wrapped in the middle column. */
  const rows = (items: DocumentRow[], x = MARGIN, width = WIDTH) => {
    const style: TextStyle = { size: 8.5, color: MUTED };
    const labelWidth = width * 0.3;
    for (const row of items) {
      const value = text.wrap(row.value, width - labelWidth * 2, { size: 9 });
      ensure(12 * value.length);
      pair(row.label, style, x, width);
      for (const line of value) {
        text.draw(
          cursor.page,
          line,
          { x: x + labelWidth, y: cursor.y, width: width - labelWidth * 2, align: 'center' },
          { size: 9, color: INK, direction: row.dir ?? 'auto' },
        );
        cursor.y -= 12;
      }
      cursor.y -= 1;
    }
  };

  // Title, seller and QR.
  pair(document.title, { size: 16, bold: true, color: INK });
  cursor.y -= 20;
  if (document.draft) {
    pair(TAX_LABELS.draft, { size: 10, bold: true, color: AMBER });
    cursor.y -= 16;
  }
  const qrSize = 96;
  const headerTop = cursor.y;
  const sellerWidth = document.qr ? WIDTH - qrSize - 16 : WIDTH;
  pair(
    { en: document.seller.nameEn, ar: document.seller.nameAr },
    { size: 11, bold: true, color: INK },
    MARGIN,
    sellerWidth,
  );
  cursor.y -= 15;
  rows(document.seller.rows, MARGIN, sellerWidth);
  if (document.qr) {
    drawQr(cursor.page, document.qr, A4[0] - MARGIN - qrSize, headerTop - qrSize + 10, qrSize);
    cursor.y = Math.min(cursor.y, headerTop - qrSize);
  }
  rule(cursor);

  // Document details and buyer.
  rows(document.meta);
  if (document.buyer) {
    cursor.y -= 4;
    ensure(40);
    pair(TAX_LABELS.buyer, { size: 9, bold: true, color: MUTED });
    cursor.y -= 13;
    for (const line of text.wrap(document.buyer.name, WIDTH, { size: 10 })) {
      text.draw(
        cursor.page,
        line,
        { x: MARGIN, y: cursor.y, width: WIDTH, align: 'center' },
        { size: 10, bold: true, color: INK, direction: 'auto' },
      );
      cursor.y -= 13;
    }
    rows(document.buyer.rows);
  }
  rule(cursor);

  drawLines(document, text, cursor, { ensure, newPage });

  // Totals at the right half.
  cursor.y -= 6;
  rows(document.totals, MARGIN + WIDTH * 0.35, WIDTH * 0.65);
  totalInWords(document.totalInWords, text, cursor, ensure);
  if (document.exemptNote) {
    cursor.y -= 4;
    for (const label of [TAX_LABELS.exemptNote.en, TAX_LABELS.exemptNote.ar]) {
      ensure(11);
      const rtl = label === TAX_LABELS.exemptNote.ar;
      text.draw(
        cursor.page,
        label,
        { x: MARGIN, y: cursor.y, width: WIDTH, align: rtl ? 'right' : 'left' },
        { size: 7.5, color: MUTED, direction: rtl ? 'rtl' : 'ltr' },
      );
      cursor.y -= 11;
    }
  }
  if (document.notes) {
    cursor.y -= 6;
    ensure(24);
    pair(TAX_LABELS.notes, { size: 8.5, bold: true, color: MUTED });
    cursor.y -= 12;
    for (const line of text.wrap(document.notes, WIDTH, { size: 9 })) {
      ensure(12);
      text.draw(
        cursor.page,
        line,
        { x: MARGIN, y: cursor.y, width: WIDTH, align: /[\u0600-\u06ff]/.test(line) ? 'right' : 'left' },
        { size: 9, color: INK, direction: 'auto' },
      );
      cursor.y -= 12;
    }
  }

  // Page numbers in both languages.
  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    const footer = { en: `Page ${index + 1} of ${pages.length}`, ar: `صفحة ${index + 1} من ${pages.length}` };
    text.draw(
      page,
      footer.en,
      { x: MARGIN, y: MARGIN - 16, width: WIDTH, align: 'left' },
      { size: 7.5, color: MUTED, direction: 'ltr' },
    );
    text.draw(
      page,
      footer.ar,
      { x: MARGIN, y: MARGIN - 16, width: WIDTH, align: 'right' },
      { size: 7.5, color: MUTED, direction: 'rtl' },
    );
  });
  return pdf.save();
}

/** The total in words under the totals: English in the left half, Arabic in the right half. */
function totalInWords(words: BilingualLabel, text: PdfText, cursor: Cursor, ensure: (height: number) => void) {
  const half = (WIDTH - 16) / 2;
  const english = text.wrap(words.en, half, { size: 9 });
  const arabic = text.wrap(words.ar, half, { size: 9, direction: 'rtl' });
  const lines = Math.max(english.length, arabic.length);
  const side = (value: string | undefined, rtl: boolean, style: TextStyle, width = half) => {
    if (!value) return;
    const x = rtl ? MARGIN + WIDTH - width : MARGIN;
    text.draw(
      cursor.page,
      value,
      { x, y: cursor.y, width, align: rtl ? 'right' : 'left' },
      { ...style, direction: rtl ? 'rtl' : 'ltr' },
    );
  };
  cursor.y -= 6;
  ensure(12 + lines * 12);
  side(TAX_LABELS.totalInWords.en, false, { size: 8.5, color: MUTED }, WIDTH);
  side(TAX_LABELS.totalInWords.ar, true, { size: 8.5, color: MUTED }, WIDTH);
  cursor.y -= 12;
  for (let index = 0; index < lines; index += 1) {
    side(english[index], false, { size: 9, color: INK });
    side(arabic[index], true, { size: 9, color: INK });
    cursor.y -= 12;
  }
}

function rule(cursor: Cursor) {
  cursor.y -= 2;
  cursor.page.drawLine({
    start: { x: MARGIN, y: cursor.y },
    end: { x: MARGIN + WIDTH, y: cursor.y },
    thickness: 0.6,
    color: RULE,
  });
  cursor.y -= 14;
}

function drawQr(page: PDFPage, payload: string, x: number, y: number, size: number) {
  const matrix = qrMatrix(payload);
  const module = size / (matrix.size + 4);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (const [row, column] of matrix.dark)
    page.drawRectangle({
      x: x + (column + 2) * module,
      y: y + size - (row + 3) * module,
      width: module,
      height: module,
      color: rgb(0, 0, 0),
    });
}

const COLUMNS: {
  label: BilingualLabel;
  width: number;
  key: 'quantity' | 'unitPrice' | 'vatRate' | 'vatAmount' | 'total';
}[] = [
  { label: TAX_LABELS.quantity, width: 44, key: 'quantity' },
  { label: TAX_LABELS.unitPrice, width: 70, key: 'unitPrice' },
  { label: TAX_LABELS.vatRate, width: 52, key: 'vatRate' },
  { label: TAX_LABELS.vatAmount, width: 66, key: 'vatAmount' },
  { label: TAX_LABELS.lineTotal, width: 86, key: 'total' },
];

function drawLines(
  document: TaxDocument,
  text: PdfText,
  cursor: Cursor,
  page: { ensure: (height: number) => void; newPage: () => void },
) {
  const numbersWidth = COLUMNS.reduce((sum, column) => sum + column.width, 0);
  const descriptionWidth = WIDTH - numbersWidth - 8;
  const header = () => {
    page.ensure(48);
    const arabic = COLUMNS.map((column) =>
      text.wrap(column.label.ar, column.width - 4, { size: 7.5, bold: true, direction: 'rtl' }),
    );
    const rows = Math.max(1, ...arabic.map((lines) => lines.length));
    const englishY = cursor.y - rows * 9 - 1;
    text.draw(
      cursor.page,
      TAX_LABELS.description.ar,
      { x: MARGIN, y: cursor.y, width: descriptionWidth, align: 'right' },
      { size: 7.5, bold: true, color: INK, direction: 'rtl' },
    );
    text.draw(
      cursor.page,
      TAX_LABELS.description.en,
      { x: MARGIN, y: englishY, width: descriptionWidth, align: 'left' },
      { size: 7, color: MUTED, direction: 'ltr' },
    );
    let x = MARGIN + descriptionWidth + 8;
    COLUMNS.forEach((column, index) => {
      arabic[index]!.forEach((line, row) =>
        text.draw(
          cursor.page,
          line,
          { x, y: cursor.y - row * 9, width: column.width - 4, align: 'right' },
          { size: 7.5, bold: true, color: INK, direction: 'rtl' },
        ),
      );
      text.draw(
        cursor.page,
        column.label.en,
        { x, y: englishY, width: column.width - 4, align: 'right' },
        { size: 7, color: MUTED, direction: 'ltr' },
      );
      x += column.width;
    });
    cursor.y = englishY - 6;
    cursor.page.drawLine({
      start: { x: MARGIN, y: cursor.y },
      end: { x: MARGIN + WIDTH, y: cursor.y },
      thickness: 0.6,
      color: RULE,
    });
    cursor.y -= 12;
  };
  header();
  for (const line of document.lines) {
    const english = text.wrap(line.description, descriptionWidth, { size: 9 });
    const arabic = line.descriptionAr
      ? text.wrap(line.descriptionAr, descriptionWidth, { size: 9, direction: 'rtl' })
      : [];
    const height = (english.length + arabic.length) * 12 + 6;
    if (cursor.y - height < MARGIN + 24) {
      page.newPage();
      header();
    }
    const top = cursor.y;
    for (const part of english) {
      text.draw(
        cursor.page,
        part,
        { x: MARGIN, y: cursor.y, width: descriptionWidth, align: 'left' },
        { size: 9, color: INK, direction: 'auto' },
      );
      cursor.y -= 12;
    }
    for (const part of arabic) {
      text.draw(
        cursor.page,
        part,
        { x: MARGIN, y: cursor.y, width: descriptionWidth, align: 'right' },
        { size: 9, color: MUTED, direction: 'rtl' },
      );
      cursor.y -= 12;
    }
    let x = MARGIN + descriptionWidth + 8;
    for (const column of COLUMNS) {
      text.draw(
        cursor.page,
        line[column.key],
        { x, y: top, width: column.width - 4, align: 'right' },
        { size: 9, color: INK, direction: 'ltr' },
      );
      x += column.width;
    }
    cursor.y -= 6;
    cursor.page.drawLine({
      start: { x: MARGIN, y: cursor.y + 8 },
      end: { x: MARGIN + WIDTH, y: cursor.y + 8 },
      thickness: 0.3,
      color: RULE,
    });
  }
}

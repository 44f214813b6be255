// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '../api/rpc-schemas';
import { taxDocument } from '../lib/tax-document';
import { sampleInvoice } from '../lib/sample-invoice';
import { buildInvoicePdf } from './build-invoice-pdf';

const require = createRequire(import.meta.url);
const font = (weight: string) =>
  new Uint8Array(
    readFileSync(require.resolve(`@expo-google-fonts/ibm-plex-sans-arabic/${weight}/IBMPlexSansArabic_${weight}.ttf`)),
  );
const files = { regular: font('400Regular'), bold: font('700Bold') };

/** The text a reader (pdf.js, as Firefox and the tests use it) extracts from each page. */
async function extractText(bytes: Uint8Array): Promise<string[]> {
  // pdf.js 5+ expects Node 22's Promise.withResolvers; CI runs Node 20.
  (Promise as unknown as { withResolvers?: unknown }).withResolvers ??= () => {
    let resolve!: (value: unknown) => void;
    let reject!: (reason: unknown) => void;
    const promise = new Promise((yes, no) => ((resolve = yes), (reject = no)));
    return { promise, resolve, reject };
  };
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: bytes.slice(), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  return pages;
}

/**
 * Text to compare: pdf.js returns a combining mark such as the tanween (ريالاً) as an item of its
 * own, so marks are left out on both sides and the items joined with single spaces.
 */
const readable = (text: string) => text.replace(/[\u064b-\u0652]/g, '').replace(/\s+/g, ' ');

describe('buildInvoicePdf', { timeout: 60_000 }, () => {
  it('writes a PDF whose Arabic reads back as written: seller, title, lam-alef ligatures', async () => {
    const bytes = await buildInvoicePdf(taxDocument(sampleInvoice()), files);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const [page] = await extractText(bytes);
    expect(page).toContain('شركة نزل للإقامات القصيرة');
    expect(page).toContain('فاتورة ضريبية مبسطة');
    expect(page).toContain('Simplified Tax Invoice');
    // "الإجمالي" has a lam-alef ligature: stored right to left, it reads back correctly.
    expect(page).toContain('الإجمالي شامل ضريبة القيمة المضافة');
    expect(page).toContain('310123456700003');
    expect(page).toContain('1,725.00 SAR');
  });

  it('writes the total in words under the totals, in English and in Arabic', async () => {
    const [page = ''] = await extractText(await buildInvoicePdf(taxDocument(sampleInvoice()), files));
    const text = readable(page);
    expect(text).toContain('Total in words');
    expect(text).toContain(readable('المبلغ كتابةً'));
    expect(text).toContain('One thousand seven hundred twenty-five Saudi riyals only');
    expect(text).toContain(readable('ألف وسبعمائة وخمسة وعشرون ريالاً سعودياً فقط لا غير'));
    expect(page.match(/\u064b/g)).toHaveLength(3); // the tanween of كتابةً, ريالاً, سعودياً
  });

  it('writes a foreign-currency invoice total in words in its own currency', async () => {
    const invoice = sampleInvoice({ currency: 'USD', exchange_rate: 3.75, total_amount: 1311.25 });
    const [page = ''] = await extractText(await buildInvoicePdf(taxDocument(invoice), files));
    const text = readable(page);
    // The English wraps in its half of the line; pdf.js reads the Arabic of the same line between.
    expect(text).toContain('One thousand three hundred eleven US dollars and');
    expect(text).toContain('twenty-five cents only');
    expect(text).toContain(readable('ألف وثلاثمائة وأحد عشر دولاراً أمريكياً وخمسة وعشرون سنتاً فقط لا غير'));
  });

  it('prints the Hijri issue and due dates in Arabic when asked (issue 17), the font holding their glyphs', async () => {
    const invoice = sampleInvoice({ issue_date: '2026-11-27', due_date: '2026-12-04' });
    const [page = ''] = await extractText(await buildInvoicePdf(taxDocument(invoice, { hijri: true }), files));
    const text = readable(page);
    expect(text).toContain('2026-11-27');
    expect(text).toContain('Issue date (Hijri)');
    expect(text).toContain(readable('17 جمادى الآخرة 1448 هـ'));
    expect(text).toContain(readable('24 جمادى الآخرة 1448 هـ'));
    const [plain = ''] = await extractText(await buildInvoicePdf(taxDocument(invoice), files));
    expect(plain).not.toContain('Issue date (Hijri)');
  });

  it('continues a long invoice on further pages, numbered in both languages', async () => {
    const invoice: InvoiceDetail = sampleInvoice();
    invoice.lines = Array.from({ length: 45 }, (_, index) => ({
      ...invoice.lines[0]!,
      id: `l${index}`,
      position: index,
    }));
    const pages = await extractText(await buildInvoicePdf(taxDocument(invoice), files));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(pages.at(-1)).toContain(`صفحة ${pages.length} من ${pages.length}`);
  });
});

// For a look at the result: NUZL_PDF_OUT=/tmp/invoice.pdf npx vitest run … writes the sample PDF.
if (process.env.NUZL_PDF_OUT) {
  it('writes the sample PDF for inspection', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(process.env.NUZL_PDF_OUT!, await buildInvoicePdf(taxDocument(sampleInvoice()), files));
  });
}

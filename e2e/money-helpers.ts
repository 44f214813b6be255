/**
 * Fixtures of the money (invoices) browser tests: each test books its own stay in its own unit
 * through the Data API as the demo owner, so its invoice, payments and notes are its own and
 * tests run side by side with every other spec file on the shared stack.
 */
import type { Page } from '@playwright/test';
import { api, createBooking, createGuest, createUnit, dayFromToday, removeUnit, unique } from './bookings-helpers';

export interface Stay {
  unit: Awaited<ReturnType<typeof createUnit>>;
  guest: Awaited<ReturnType<typeof createGuest>>;
  booking: Awaited<ReturnType<typeof createBooking>>;
}

/**
 * Three nights at 500 SAR plus a 120 SAR cleaning fee (createUnit's prices): 1,620.00 before VAT,
 * 243.00 VAT at 15 %, 1,863.00 in all.
 */
export const STAY = { nights: 3, subtotal: 1620, vat: 243, total: 1863 } as const;

export async function createStay(token: string, guestName: string): Promise<Stay> {
  const unit = await createUnit(token, unique('E2E Invoice Flat'), unique('شقة اختبار الفاتورة'));
  const guest = await createGuest(token, unique(guestName));
  const booking = await createBooking(token, {
    unit_id: unit.id,
    client_id: guest.id,
    check_in: dayFromToday(40),
    check_out: dayFromToday(40 + STAY.nights),
  });
  return { unit, guest, booking };
}

/** The unit and its booking go; the issued documents stay (they are never deleted) and lose the link. */
export async function removeStay(token: string, stay: Stay | undefined): Promise<void> {
  if (!stay) return;
  await removeUnit(token, stay.unit.id);
  await api(token, 'DELETE', `clients?id=eq.${stay.guest.id}`);
}

export async function rpc<T>(token: string, name: string, args: Record<string, unknown>): Promise<T> {
  return api<T>(token, 'POST', `rpc/${name}`, args);
}

/** An issued invoice of the stay, as the app's "from a booking" and "Issue" make it. */
export async function issuedInvoice(token: string, bookingId: string) {
  const draft = await rpc<{ id: string }>(token, 'invoice_from_booking', { booking_id: bookingId, issue: false });
  const issued = await rpc<{ id: string; invoice_number: string; total_amount: number }>(token, 'issue_invoice', {
    invoice_id: draft.id,
  });
  return issued;
}

/** Invoices of one booking, straight from the table (what the UI must not have created). */
export async function invoicesOfBooking(token: string, bookingId: string) {
  return api<{ id: string; status: string }[]>(token, 'GET', `invoices?booking_id=eq.${bookingId}&select=id,status`);
}

/** An amount the way the app writes it in this language (formatMoney of src/lib/format.ts). */
export function screenMoney(page: Page, amount: number, locale: string): Promise<string> {
  return page.evaluate(
    ([value, lang]) =>
      new Intl.NumberFormat(lang, {
        style: 'currency',
        currency: 'SAR',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(value),
    [amount, locale] as const,
  );
}

/**
 * Reads the QR code as painted: the element's screenshot is drawn on a canvas in the page and its
 * pixels decoded with jsQR, so a code that does not scan fails even when its payload attribute is right.
 */
export async function scanQr(page: Page, selector: string): Promise<string | null> {
  const png = await page.locator(selector).screenshot();
  const { data, width, height } = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return { data: Array.from(pixels.data), width: pixels.width, height: pixels.height };
  }, png.toString('base64'));
  const { default: jsQR } = await import('jsqr');
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
}

/** The text pdf.js (Firefox's reader) extracts from each page of a PDF. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
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

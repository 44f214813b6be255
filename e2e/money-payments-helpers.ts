/**
 * Fixtures and independent figures of the payments page's browser tests (e2e/money-payments.spec.ts).
 *
 * The expected figures are computed here from the rows themselves (invoices and payments read
 * through the Data API as the demo owner, RLS applied), not from the report functions the screen
 * calls, so a wrong sum in finance_summary / vat_report / list_payments fails as surely as a
 * wrong screen.
 */
import type { Page } from '@playwright/test';
import { api, dayFromToday } from './bookings-helpers';
import { signInWithPhone, useSession } from './support/auth';
import { stackEnv } from './support/stack-env';

export type Language = 'en' | 'ar';
export type Session = Awaited<ReturnType<typeof signInWithPhone>>;

/** The demo organisation's zone (seed.sql): where "a day" of a report starts and ends. */
export const TIME_ZONE = 'Asia/Riyadh';
/** The seed's team member of org 1: the built-in "member" role, no invoices/payments/settings permission. */
export const MEMBER_PHONE = '+966500000003';

/** POST /rest/v1/rpc/<name> with a user's token. */
export async function rpc<T>(token: string, name: string, args: Record<string, unknown> = {}): Promise<T> {
  return api<T>(token, 'POST', `rpc/${name}`, args);
}

/** The HTTP status of an RPC call (for refusals). */
export async function rpcStatus(token: string, name: string, args: Record<string, unknown> = {}): Promise<number> {
  const { apiUrl, anonKey } = stackEnv();
  const response = await fetch(`${apiUrl}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  await response.body?.cancel();
  return response.status;
}

/**
 * An amount as the screen shows it ("SAR 12,345.67", "12,345.67 ر.س.", "-200.00") as a number.
 * The app writes Latin digits in Arabic too (lib/format LOCALES).
 */
export function amountOf(text: string): number {
  const match = /\d[\d,٬]*(?:\.\d+)?/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const value = Number(match[0].replace(/[,٬]/g, ''));
  return /[-\u2212]/.test(text.slice(0, match.index)) ? -value : value;
}

/** A count as shown ("1,234"). */
export function countOf(text: string): number {
  const match = /\d[\d,٬]*/.exec(text);
  if (!match) throw new Error(`no count in "${text}"`);
  return Number(match[0].replace(/[,٬]/g, ''));
}

/** Two decimals, as the database keeps money. */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** An instant's wall clock in the organisation's zone, `YYYY-MM-DD HH:mm` (what a spreadsheet shows). */
export function wallClock(instant: string, timeZone: string = TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** Midnight starting a calendar day in Riyadh (UTC+3, no daylight saving), as an ISO instant. */
export function startOfDay(day: string): string {
  return new Date(`${day}T00:00:00+03:00`).toISOString();
}

/** The first and last day of last month in Riyadh (the reports' "Last month" preset). */
export function lastMonth(): { from: string; to: string } {
  const today = dayFromToday(0);
  const first = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1, 12));
  const last = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, 0, 12));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

export interface PaymentRecord {
  id: string;
  paid_at: string;
  method: string;
  amount: number;
  amount_sar: number;
  currency: string;
  is_refund: boolean;
  reference_number: string | null;
  invoice_id: string | null;
}

/** Every payment and refund of the caller's organisation paid within the days (Riyadh), newest first. */
export async function paymentsBetween(token: string, from: string, to: string): Promise<PaymentRecord[]> {
  const query = new URLSearchParams({
    select: 'id,paid_at,method,amount,amount_sar,currency,is_refund,reference_number,invoice_id',
    and: `(paid_at.gte.${startOfDay(from)},paid_at.lt.${startOfDay(addDay(to))})`,
    order: 'paid_at.desc,id.desc',
  });
  return api<PaymentRecord[]>(token, 'GET', `payments?${query.toString()}`);
}

export interface DocumentRecord {
  id: string;
  invoice_number: string | null;
  document_type: 'invoice' | 'credit_note' | 'debit_note';
  invoice_type_code: string;
  status: string;
  issue_date: string;
  due_date: string;
  subtotal_sar: number;
  vat_amount_sar: number;
  total_amount_sar: number;
  standard_rated_amount: number;
  exchange_rate: number | null;
  balance_due: number;
  balance_due_sar: number;
}

const DOCUMENT_COLUMNS =
  'id,invoice_number,document_type,invoice_type_code,status,issue_date,due_date,subtotal_sar,vat_amount_sar,total_amount_sar,standard_rated_amount,exchange_rate,balance_due,balance_due_sar';

/** The issued (not draft) documents of the caller's organisation with an issue date within the days. */
export async function documentsIssuedBetween(token: string, from: string, to: string): Promise<DocumentRecord[]> {
  const query = new URLSearchParams({
    select: DOCUMENT_COLUMNS,
    and: `(issue_date.gte.${from},issue_date.lte.${to},status.neq.draft,issued_at.not.is.null)`,
  });
  return api<DocumentRecord[]>(token, 'GET', `invoices?${query.toString()}`);
}

export const AGING_BUCKETS = ['current', '1_30', '31_60', '60_plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Open receivables (pending or overdue with a balance) by days past due as of the organisation's today. */
export async function agingBuckets(
  token: string,
): Promise<Record<AgingBucket, { count: number; amount: number; numbers: string[] }>> {
  const query = new URLSearchParams({ select: DOCUMENT_COLUMNS, status: 'in.(pending,overdue)', balance_due: 'gt.0' });
  const open = await api<DocumentRecord[]>(token, 'GET', `invoices?${query.toString()}`);
  const today = dayFromToday(0);
  const buckets = Object.fromEntries(
    AGING_BUCKETS.map((bucket) => [bucket, { count: 0, amount: 0, numbers: [] as string[] }]),
  ) as Record<AgingBucket, { count: number; amount: number; numbers: string[] }>;
  for (const document of open) {
    const late = daysBetween(document.due_date, today);
    const bucket: AgingBucket = late <= 0 ? 'current' : late <= 30 ? '1_30' : late <= 60 ? '31_60' : '60_plus';
    buckets[bucket].count += 1;
    buckets[bucket].amount = round2(buckets[bucket].amount + Number(document.balance_due_sar));
    if (document.invoice_number) buckets[bucket].numbers.push(document.invoice_number);
  }
  return buckets;
}

function addDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/** A small RFC 4180 reader: quoted fields with commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** What the signed-in fixture stores too: this owner has been through the onboarding wizard. */
export async function skipOnboardingWizard(page: Page): Promise<void> {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'nuzl.onboarding',
      JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
    ),
  );
}

/** A page signed in as the given session, past the onboarding wizard. */
export async function signedIn(page: Page, session: Session): Promise<Page> {
  await useSession(page, session);
  await skipOnboardingWizard(page);
  return page;
}

async function auth<T>(path: string, body: unknown): Promise<T> {
  const { apiUrl, anonKey } = stackEnv();
  const response = await fetch(`${apiUrl}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /auth/v1${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

async function codeFromOutbox(phone: string): Promise<string> {
  const { apiUrl } = stackEnv();
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const response = await fetch(`${apiUrl}/_local/outbox?to=${encodeURIComponent(phone)}`);
    const messages = (await response.json()) as { body: string }[];
    const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code in the outbox for ${phone}`);
}

/**
 * A brand-new organisation with its owner signed in (a new phone, its code from the local
 * outbox, create_organization): its tax profile is empty and it has never met ZATCA, so a test
 * may save a tax profile and onboard without touching the demo organisation that other specs
 * read (its e-invoicing state, its seller details on invoices).
 */
export async function createOrganizationWithOwner(
  language: Language,
): Promise<{ session: Session; organization: { id: string; name: string } }> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const phone = `+96654${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await auth('/otp', { phone, create_user: true });
  const session = await auth<Session>('/verify', { type: 'sms', phone, token: await codeFromOutbox(phone) });
  const organization = await rpc<{ id: string; name: string }>(session.access_token, 'create_organization', {
    name: `E2E Tax ${suffix}`,
    name_ar: `منشأة اختبار ${suffix}`,
    slug: `e2e-tax-${suffix}`,
    full_name: language === 'ar' ? 'مالك الاختبار' : 'Test Owner',
    preferred_language: language,
  });
  return { session, organization };
}

/** A Saudi VAT number nobody else uses: 15 digits, 3 first and last, not a VAT group (11th digit 0). */
export function freshVatNumber(): string {
  return `3${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}00003`;
}

import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { changeLanguage } from '@/lib/i18n';
import { renderRoutes } from '@/test/render';
import { sampleInvoice } from '../lib/sample-invoice';
import { PublicInvoicePage } from './public-invoice-page';

interface Answer {
  data: unknown;
  error: unknown;
  status: number;
}
/** What public_invoice answers; `calls` records what was sent. */
const rpc = vi.hoisted(() => {
  const state: { answer: Answer | null; calls: Array<{ name: string; args: unknown }> } = { answer: null, calls: [] };
  return state;
});

vi.mock('@/lib/supabase', () => {
  const request = (name: string, args: unknown) => {
    rpc.calls.push({ name, args });
    const builder = Object.assign(Promise.resolve(rpc.answer), {
      retry: () => undefined,
      abortSignal: () => builder,
      single: () => builder,
    });
    return builder;
  };
  return {
    supabase: { rpc: request, auth: { onAuthStateChange: () => ({ data: { subscription: { unsubscribe() {} } } }) } },
  };
});

const routes = [{ path: paths.guestInvoice.path, Component: PublicInvoicePage }];
const TOKEN = 'b'.repeat(64);
/** As public_invoice answers: get_invoice's shape without payments and permissions. */
const GUEST_VIEW = sampleInvoice({
  payments: null,
  can: { write: false, pay: false },
  credit_notes: [
    {
      id: 'cn1',
      invoice_number: 'CRN-000007',
      status: 'pending',
      issue_date: '2026-11-25',
      reason: 'Late check-in',
      total_amount: 115,
      zatca_status: 'reported',
    },
  ],
});

afterEach(async () => {
  cleanup();
  rpc.answer = null;
  rpc.calls = [];
  await changeLanguage('en');
});

describe('/invoice/:token', () => {
  it('shows the guest the invoice in English: number, total, QR code, print and PDF, nothing of the dashboard', async () => {
    rpc.answer = { data: GUEST_VIEW, error: null, status: 200 };
    renderRoutes(routes, paths.guestInvoice.getHref(TOKEN.toUpperCase()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-000123' })).toBeInTheDocument();
    expect(rpc.calls).toEqual([{ name: 'public_invoice', args: { token: TOKEN } }]);
    expect(screen.getByTestId('guest-invoice-status')).toHaveTextContent('Pending');
    expect(screen.getByTestId('guest-invoice-total')).toHaveTextContent(/1,725\.00/);
    expect(screen.getByTestId('doc-number')).toHaveTextContent('INV-000123');
    expect(screen.getByTestId('zatca-qr')).toBeInTheDocument();
    expect(screen.getByTestId('guest-invoice-notes')).toHaveTextContent(
      'Credit note CRN-000007 for SAR 115.00 was issued against this invoice.',
    );
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByTestId('invoice-actions')).not.toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('switches to Arabic with the language switch', async () => {
    rpc.answer = { data: GUEST_VIEW, error: null, status: 200 };
    renderRoutes(routes, paths.guestInvoice.getHref(TOKEN));
    await screen.findByRole('heading', { level: 1, name: 'Invoice INV-000123' });
    await userEvent.setup({ delay: null }).click(screen.getByTestId('language-switch'));
    expect(await screen.findByRole('heading', { level: 1, name: 'الفاتورة INV-000123' })).toBeInTheDocument();
    expect(screen.getByTestId('guest-invoice-status')).toHaveTextContent('بانتظار الدفع');
    expect(screen.getByRole('button', { name: 'تنزيل PDF' })).toBeInTheDocument();
  });

  it('an unknown token (null) and a malformed one say the invoice was not found, in both languages', async () => {
    rpc.answer = { data: null, error: null, status: 200 };
    renderRoutes(routes, paths.guestInvoice.getHref(TOKEN));
    expect(await screen.findByRole('heading', { name: 'Invoice not found' })).toBeInTheDocument();
    cleanup();
    rpc.calls = [];
    await changeLanguage('ar');
    renderRoutes(routes, paths.guestInvoice.getHref('not-a-token'));
    expect(await screen.findByRole('heading', { name: 'لم نعثر على الفاتورة' })).toBeInTheDocument();
    expect(rpc.calls).toEqual([]);
  });
});

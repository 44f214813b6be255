import { BUYER_ID_SCHEMES, emptyInvoice, type InvoiceInput } from '@/domain/invoices';
import type { BookingOption, ClientOption } from '../api/search-options';
import type { InvoiceDetail } from '../api/rpc-schemas';

const decimal = (value: number, scale: number) => String(Number(value.toFixed(scale)));

/** A draft as the invoice form edits it, with its client and booking as the pickers show them. */
export function draftFormValues(invoice: InvoiceDetail): {
  values: InvoiceInput;
  client: ClientOption | null;
  booking: BookingOption | null;
} {
  const address = invoice.buyer_address;
  const scheme = (BUYER_ID_SCHEMES as readonly string[]).includes(invoice.buyer_id_scheme ?? '')
    ? (invoice.buyer_id_scheme as InvoiceInput['buyer_id_scheme'])
    : '';
  const values = emptyInvoice(invoice.issue_date, {
    invoice_kind: invoice.invoice_kind,
    client_id: invoice.client_id ?? '',
    booking_id: invoice.booking_id ?? '',
    currency: invoice.currency,
    exchange_rate: invoice.currency === 'SAR' || invoice.exchange_rate === null ? '' : String(invoice.exchange_rate),
    due_date: invoice.due_date,
    notes: invoice.notes ?? '',
    buyer_name: invoice.buyer_name ?? '',
    buyer_vat_number: invoice.buyer_vat_number ?? '',
    buyer_id_scheme: scheme,
    buyer_id: invoice.buyer_id ?? '',
    buyer_address: {
      street: address?.street ?? '',
      building_number: address?.building_number ?? '',
      additional_number: address?.additional_number ?? '',
      district: address?.district ?? '',
      city: address?.city ?? '',
      postal_code: address?.postal_code ?? '',
      country: address?.country ?? 'SA',
    },
    lines: invoice.lines.map((line) => ({
      description: line.description,
      description_ar: line.description_ar ?? '',
      quantity: decimal(line.quantity, 3),
      rate: decimal(line.rate, 2),
      vat_category: line.vat_category === 'E' ? 'E' : 'S',
    })),
  });
  const client = invoice.client
    ? {
        id: invoice.client.id,
        name: invoice.client.name,
        phone: invoice.client.phone ?? '',
        email: invoice.client.email,
      }
    : null;
  const booking =
    invoice.booking && invoice.client
      ? {
          id: invoice.booking.id,
          booking_reference: invoice.booking.booking_reference,
          status: 'confirmed',
          check_in: invoice.booking.check_in,
          check_out: invoice.booking.check_out,
          total_amount: 0,
          unit: {
            id: invoice.booking.unit_id ?? '',
            name: invoice.booking.unit_name ?? '',
            name_ar: invoice.booking.unit_name_ar,
          },
          client: { id: invoice.client.id, name: invoice.client.name, phone: invoice.client.phone ?? '' },
        }
      : null;
  return { values, client, booking };
}

import { paths } from '@/config/paths';
import type { AlertEvent } from './alert-schema';

/** Where an event's subject is shown in the app (null: the whole organisation or a month). */
export function subjectLink(event: Pick<AlertEvent, 'subject_type' | 'subject_id' | 'details'>): string | null {
  const id = event.subject_id;
  switch (event.subject_type) {
    case 'invoice':
      return id ? paths.dashboard.invoice.getHref(id) : null;
    case 'payment': {
      const invoice = event.details.invoice_id;
      return typeof invoice === 'string' ? paths.dashboard.invoice.getHref(invoice) : null;
    }
    case 'unit':
      return id ? `${paths.dashboard.section('units')}?unit=${encodeURIComponent(id)}` : null;
    case 'subscription_checkout':
      return paths.dashboard.settings.getHref('billing');
    default:
      return null;
  }
}

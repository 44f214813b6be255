import { Ban, FileCode, FilePlus2, Pencil, Printer, Receipt, Send, Trash2, Undo2, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { InvoiceDetail } from '../api/rpc-schemas';
import { DownloadPdfButton } from './download-pdf-button';

export type InvoiceAction =
  'edit' | 'issue' | 'delete_draft' | 'record_payment' | 'mark_paid' | 'cancel' | 'refund' | 'debit_note' | 'xml';

/** What may be done with this document now, by the caller's permissions and its state. */
export function availableActions(invoice: InvoiceDetail): InvoiceAction[] {
  const actions: InvoiceAction[] = [];
  const { write, pay } = invoice.can;
  const draft = invoice.status === 'draft';
  const closed = invoice.status === 'cancelled' || invoice.status === 'refunded';
  const credit = invoice.document_type === 'credit_note';
  const netPaid = invoice.paid_amount - invoice.refunded_amount;
  if (draft && write) actions.push('edit', 'issue', 'delete_draft');
  if (!draft && !closed && !credit && pay && invoice.balance_due > 0) actions.push('record_payment', 'mark_paid');
  if (!draft && !closed && !credit && write && netPaid <= 0) actions.push('cancel');
  if (!draft && !credit && write && pay && netPaid > 0) actions.push('refund');
  if (!draft && !closed && invoice.document_type === 'invoice' && write) actions.push('debit_note');
  if (invoice.zatca.invoice_hash) actions.push('xml');
  return actions;
}

const ICONS = {
  edit: Pencil,
  issue: Send,
  delete_draft: Trash2,
  record_payment: Wallet,
  mark_paid: Receipt,
  cancel: Ban,
  refund: Undo2,
  debit_note: FilePlus2,
  xml: FileCode,
} as const;

const LABELS: Record<InvoiceAction, string> = {
  edit: 'actions.edit',
  issue: 'actions.issue',
  delete_draft: 'actions.delete_draft',
  record_payment: 'actions.record_payment',
  mark_paid: 'actions.mark_paid',
  cancel: 'actions.cancel_invoice',
  refund: 'actions.refund',
  debit_note: 'actions.debit_note',
  xml: 'actions.view_xml',
};

export interface InvoiceActionsProps {
  invoice: InvoiceDetail;
  onAction: (action: InvoiceAction) => void;
}

export function InvoiceActions({ invoice, onAction }: InvoiceActionsProps) {
  const { t } = useTranslation('invoices');
  const actions = availableActions(invoice);
  const primary: InvoiceAction[] = ['issue', 'record_payment'];
  return (
    <div className="flex flex-wrap gap-2 print:hidden" data-testid="invoice-actions">
      {actions.map((action) => {
        const Icon = ICONS[action];
        const destructive = action === 'delete_draft' || action === 'cancel' || action === 'refund';
        return (
          <Button
            key={action}
            variant={primary.includes(action) ? 'primary' : destructive ? 'outline' : 'secondary'}
            className={destructive ? 'text-red-800' : undefined}
            onClick={() => onAction(action)}
            data-testid={`action-${action}`}
          >
            <Icon aria-hidden="true" />
            {t(LABELS[action])}
          </Button>
        );
      })}
      <Button variant="secondary" onClick={() => window.print()} data-testid="action-print">
        <Printer aria-hidden="true" />
        {t('actions.print')}
      </Button>
      <DownloadPdfButton invoice={invoice} />
    </div>
  );
}

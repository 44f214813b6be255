import { ArrowLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useDocumentTitle } from '@/components/page-header';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/errors';
import { useCancelInvoice } from '../api/cancel-invoice';
import { useDeleteDraft } from '../api/delete-draft';
import { useDeletePayment } from '../api/delete-payment';
import { getSignedXml } from '../api/get-signed-xml';
import { useIssueInvoice } from '../api/issue-invoice';
import type { InvoiceDetail, InvoicePayment } from '../api/rpc-schemas';
import { draftFormValues } from '../lib/draft-values';
import { taxDocument } from '../lib/tax-document';
import { useDateFormat } from '@/lib/use-date-format';
import { useInvoiceFormat } from '../lib/use-money';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DebitNoteDialog } from './debit-note-dialog';
import { InvoiceActions, type InvoiceAction } from './invoice-actions';
import { InvoiceFormDialog } from './invoice-form-dialog';
import { MarkPaidDialog } from './mark-paid-dialog';
import { PaymentHistory } from './payment-history';
import { PrintStyles } from './print-styles';
import { ReasonDialog } from './reason-dialog';
import { RecordPaymentDialog } from './record-payment-dialog';
import { RefundDialog } from './refund-dialog';
import { RelatedDocuments } from './related-documents';
import { InvoiceStatusBadge, ZatcaStatusBadge } from './status-badges';
import { TaxInvoiceDocument } from './tax-invoice-document';
import { ZatcaPanel } from './zatca-panel';

type OpenDialog = Exclude<InvoiceAction, 'xml'> | null;

const DOCUMENT_TITLES = {
  invoice: 'page.title',
  credit_note: 'page.title_credit_note',
  debit_note: 'page.title_debit_note',
} as const;
const DRAFT_TITLES = {
  invoice: 'page.draft_title',
  credit_note: 'page.draft_title_credit_note',
  debit_note: 'page.draft_title_debit_note',
} as const;

/** The invoice page: its actions, the bilingual tax document, payments, ZATCA state and related notes. */
export function InvoiceView({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('invoices');
  const navigate = useNavigate();
  const format = useInvoiceFormat();
  const { showHijri } = useDateFormat();
  const document = useMemo(() => taxDocument(invoice, { hijri: showHijri }), [invoice, showHijri]);
  const [open, setOpen] = useState<OpenDialog>(null);
  const [deleting, setDeleting] = useState<InvoicePayment | null>(null);
  const issue = useIssueInvoice();
  const deleteDraft = useDeleteDraft();
  const cancel = useCancelInvoice();
  const deletePayment = useDeletePayment();
  // The document's own name: an invoice, a credit note or a debit note (they share one number sequence).
  const title = invoice.invoice_number
    ? t(DOCUMENT_TITLES[invoice.document_type], { number: invoice.invoice_number })
    : t(DRAFT_TITLES[invoice.document_type]);
  useDocumentTitle(title);
  const close = (next: boolean) => !next && setOpen(null);

  const onAction = (action: InvoiceAction) => {
    if (action !== 'xml') return setOpen(action);
    void getSignedXml(invoice.id).then(
      (xml) => {
        if (xml === null) return toast.info(t('page.xml_missing'));
        const url = URL.createObjectURL(new Blob([xml], { type: 'application/xml' }));
        window.open(url, '_blank', 'noopener');
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      },
      (error: unknown) => toast.error(t('errors.xml_failed'), { description: getErrorMessage(error) }),
    );
  };

  return (
    <>
      <PrintStyles />
      <div className="mb-4 flex flex-col gap-3 print:hidden">
        <Link
          to={`${paths.dashboard.section('payments')}?section=invoices`}
          className="inline-flex w-fit items-center gap-1 text-sm text-primary-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          {t('actions.back')}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-stone-900">
            <span dir="auto">{title}</span>
          </h1>
          <InvoiceStatusBadge status={invoice.status} />
          {invoice.status !== 'draft' ? <ZatcaStatusBadge status={invoice.zatca.status} /> : null}
          <span className="text-sm text-stone-600">{t(`document_type.${invoice.document_type}`)}</span>
        </div>
        {invoice.status === 'draft' ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t('page.draft_notice')}</p>
        ) : null}
        {invoice.cancellation_reason ? (
          <p className="text-sm text-stone-700">
            {t('page.cancellation_reason', { reason: invoice.cancellation_reason })}
          </p>
        ) : null}
        <InvoiceActions invoice={invoice} onAction={onAction} />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] print:block">
        <TaxInvoiceDocument document={document} />
        {/* The page's second column, not a landmark of its own: the dashboard's menu is the one aside. */}
        <div className="flex flex-col gap-4 print:hidden">
          <PaymentHistory invoice={invoice} onDelete={invoice.can.pay ? setDeleting : undefined} />
          {invoice.status !== 'draft' ? <ZatcaPanel invoice={invoice} /> : null}
          <RelatedDocuments invoice={invoice} />
        </div>
      </div>

      {open === 'edit' ? (
        <InvoiceFormDialog
          open
          onOpenChange={close}
          draft={{ id: invoice.id, ...draftFormValues(invoice) }}
          onSaved={() => setOpen(null)}
        />
      ) : null}
      <ConfirmDialog
        open={open === 'issue'}
        onOpenChange={close}
        title={t('form.issue_confirm_title')}
        description={t('form.issue_confirm_description')}
        confirmLabel={t('actions.issue')}
        onConfirm={() =>
          void issue
            .mutateAsync(invoice.id)
            .then((issued) => toast.success(t('form.issued', { number: issued.invoice_number ?? '' })))
        }
      />
      <ConfirmDialog
        open={open === 'delete_draft'}
        onOpenChange={close}
        destructive
        title={t('delete_draft.title')}
        description={t('delete_draft.description')}
        confirmLabel={t('delete_draft.confirm')}
        onConfirm={() =>
          void deleteDraft.mutateAsync(invoice.id).then(() => {
            toast.success(t('delete_draft.done'));
            void navigate(`${paths.dashboard.section('payments')}?section=invoices`);
          })
        }
      />
      {open === 'record_payment' ? <RecordPaymentDialog invoice={invoice} open onOpenChange={close} /> : null}
      {open === 'mark_paid' ? <MarkPaidDialog invoice={invoice} open onOpenChange={close} /> : null}
      {open === 'refund' ? <RefundDialog invoice={invoice} open onOpenChange={close} /> : null}
      {open === 'debit_note' ? (
        <DebitNoteDialog
          invoice={invoice}
          open
          onOpenChange={close}
          onIssued={(note) => {
            setOpen(null);
            void navigate(paths.dashboard.invoice.getHref(note.id));
          }}
        />
      ) : null}
      <ReasonDialog
        open={open === 'cancel'}
        onOpenChange={close}
        title={t('cancel.title')}
        description={t(invoice.status === 'draft' ? 'cancel.description_draft' : 'cancel.description_issued')}
        confirmLabel={t('cancel.confirm')}
        failureTitle={t('errors.cancel_failed')}
        onConfirm={async (reason) => {
          await cancel.mutateAsync({ invoiceId: invoice.id, reason });
          toast.success(t('cancel.done'));
        }}
        testId="cancel-dialog"
      />
      <ReasonDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={t('payment.delete_title')}
        description={
          deleting
            ? t('payment.delete_description', {
                amount: format.money(deleting.amount, invoice.currency),
                date: format.dateTime(deleting.paid_at),
              })
            : ''
        }
        confirmLabel={t('actions.delete_payment')}
        failureTitle={t('errors.delete_payment_failed')}
        onConfirm={async (reason) => {
          if (!deleting) return;
          await deletePayment.mutateAsync({ paymentId: deleting.id, reason });
          toast.success(t('payment.deleted'));
        }}
        testId="delete-payment-dialog"
      />
    </>
  );
}

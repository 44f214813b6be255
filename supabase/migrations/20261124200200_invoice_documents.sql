-- Money (issue 11): the columns of tax documents, their lines and payments. The rules that fill
-- and guard them are in the next migration (invoice_rules).
--
-- * Documents: tax invoice (388), credit note (381), debit note (383); `document_type` names them.
--   A note corrects `original_invoice_id` for a `reason`.
-- * Numbers are given at issue, not at creation: a draft has none (invoice_number and
--   sequence_number null). Drafts numbered under the old rule lose their number here, and each
--   organisation's counter continues after its highest issued document, so the sequence of issued
--   documents continues without a hole from now on.
-- * Issue date and time (ZATCA IssueDate/IssueTime) in the organisation's time zone.
-- * Seller snapshot at issue (legal names, VAT, CR, national address) and buyer identity (standard
--   invoices: VAT number or another ID, and an address).
-- * Currency with its exchange rate to SAR (1 for SAR; required for other currencies at issue);
--   *_sar columns convert, for reports and the SAR VAT of a foreign-currency document.
-- * credited_amount (issued credit notes on the document), refunded_amount (refund rows), and the
--   taxable amount per VAT category (S 15 %, Z zero-rated, E exempt, O out of scope).
alter table public.invoices
  alter column invoice_number drop not null,
  alter column invoice_number drop default,
  alter column sequence_number drop not null,
  alter column sequence_number drop default;

-- Data changes below are not the business writes the triggers guard and audit.
alter table public.invoices disable trigger user;
update public.invoices set invoice_number = null, sequence_number = null where status = 'draft';
update private.organization_counters c
   set last_invoice_number = coalesce((select max(i.sequence_number) from public.invoices i
                                       where i.organization_id = c.organization_id), 0);

alter table public.invoices
  add column document_type text generated always as (
    case invoice_type_code when '381' then 'credit_note' when '383' then 'debit_note' else 'invoice' end) stored,
  add column reason text,
  add column cancellation_reason text,
  add column exchange_rate numeric(12,6),
  add column issue_time time(0) without time zone,
  add column buyer_id_scheme text,
  add column buyer_id text,
  add column buyer_address jsonb,
  add column seller_name_en text,
  add column seller_national_address jsonb,
  add column credited_amount numeric(12,2) not null default 0,
  add column refunded_amount numeric(12,2) not null default 0,
  add column standard_rated_amount numeric(12,2) not null default 0,
  add column zero_rated_amount numeric(12,2) not null default 0,
  add column exempt_amount numeric(12,2) not null default 0,
  add column out_of_scope_amount numeric(12,2) not null default 0;

update public.invoices set exchange_rate = 1 where currency is null or currency = 'SAR';
update public.invoices set standard_rated_amount = subtotal;
alter table public.invoices enable trigger user;

alter table public.invoices
  add column subtotal_sar numeric(14,2) generated always as (round(subtotal * coalesce(exchange_rate, 1), 2)) stored,
  add column vat_amount_sar numeric(14,2) generated always as (round(vat_amount * coalesce(exchange_rate, 1), 2)) stored,
  add column total_amount_sar numeric(14,2) generated always as (round(total_amount * coalesce(exchange_rate, 1), 2)) stored,
  add column balance_due_sar numeric(14,2) generated always as (round(balance_due * coalesce(exchange_rate, 1), 2)) stored,
  add constraint invoices_reason_length check (reason is null or length(btrim(reason)) between 1 and 500),
  add constraint invoices_cancellation_reason_length
    check (cancellation_reason is null or length(btrim(cancellation_reason)) between 1 and 500),
  add constraint invoices_notes_length check (notes is null or length(notes) <= 2000) not valid,
  add constraint invoices_exchange_rate_check check (exchange_rate is null or (exchange_rate > 0 and exchange_rate <= 100000)),
  add constraint invoices_exchange_rate_sar check (currency is distinct from 'SAR' or exchange_rate = 1),
  add constraint invoices_buyer_id_scheme_check check (buyer_id_scheme is null or buyer_id_scheme in
    ('TIN', 'CRN', 'MOM', 'MLS', '700', 'SAG', 'NAT', 'GCC', 'IQA', 'PAS', 'OTH')),
  add constraint invoices_buyer_id_check check (buyer_id is null or buyer_id ~ '^[A-Za-z0-9-]{1,50}$'),
  add constraint invoices_buyer_name_length check (buyer_name is null or length(buyer_name) <= 200) not valid,
  add constraint invoices_buyer_address_object check (buyer_address is null or jsonb_typeof(buyer_address) = 'object'),
  add constraint invoices_credited_check check (credited_amount >= 0 and refunded_amount >= 0),
  add constraint invoices_note_original check (invoice_type_code = '388' or original_invoice_id is not null
                                               or status in ('draft', 'cancelled'));

comment on column public.invoices.document_type is 'invoice (388), credit_note (381) or debit_note (383).';
comment on column public.invoices.invoice_number is 'INV-000123, given at issue from the organisation''s one document sequence; null for drafts.';
comment on column public.invoices.reason is 'Why a credit or debit note corrects its original (ZATCA InstructionNote).';
comment on column public.invoices.exchange_rate is 'SAR per unit of the invoice currency (1 for SAR).';
comment on column public.invoices.issue_time is 'ZATCA IssueTime: the issue moment in the organisation''s time zone (with issue_date).';
comment on column public.invoices.buyer_address is '{street, building_number, additional_number, district, city, postal_code, country} of the buyer.';
comment on column public.invoices.seller_national_address is '{street, building_number, additional_number, district, city, region, postal_code, country} of the seller at issue.';
comment on column public.invoices.credited_amount is 'Total of the issued credit notes correcting this document.';
comment on column public.invoices.refunded_amount is 'Money given back on this document (refund rows of payments).';

create index invoices_org_document_type_idx on public.invoices (organization_id, document_type);

-- Lines: VAT category per line (ZATCA BR-KSA-18): S standard 15 %, Z zero-rated, E exempt,
-- O out of scope; Z/E/O carry an exemption reason code (VATEX-…).
alter table public.invoice_items
  add column vat_category text not null default 'S',
  add column vat_exemption_code text,
  add column vat_exemption_reason text,
  add column vat_amount numeric(12,2) generated always as (
    round(round(quantity * rate, 2) * case when vat_category = 'S' then public.vat_rate() else 0 end, 2)) stored,
  add constraint invoice_items_vat_category_check check (vat_category in ('S', 'Z', 'E', 'O')),
  add constraint invoice_items_vat_exemption_check check (
    (vat_category = 'S' and vat_exemption_code is null and vat_exemption_reason is null)
    or (vat_category <> 'S' and vat_exemption_code ~ '^VATEX-SA-[A-Z0-9-]{1,10}$'
        and (vat_exemption_reason is null or length(btrim(vat_exemption_reason)) between 1 and 500))),
  add constraint invoice_items_quantity_bound check (quantity <= 100000) not valid,
  add constraint invoice_items_rate_bound check (rate <= 10000000) not valid;
comment on column public.invoice_items.vat_category is 'ZATCA VAT category: S (15 %), Z (zero-rated), E (exempt), O (out of scope).';
comment on column public.invoice_items.vat_exemption_code is 'VATEX-SA-… reason code for Z/E/O lines (E defaults to VATEX-SA-30, residential rent).';

-- Payments: a refund is a row with is_refund (money going back), tied to the credit note it
-- belongs to.
alter table public.payments
  add column is_refund boolean not null default false,
  add column credit_note_id uuid,
  add constraint payments_credit_note_fkey foreign key (organization_id, credit_note_id)
    references public.invoices (organization_id, id),
  add constraint payments_refund_note check (is_refund or credit_note_id is null),
  add constraint payments_reference_length check (reference_number is null or length(reference_number) <= 100) not valid,
  add constraint payments_notes_length check (notes is null or length(notes) <= 1000) not valid;
-- The invoice's currency and rate on each payment, so money reports convert to SAR without
-- reading invoices (a payments.read holder without invoices.read still sees collections).
alter table public.payments
  add column currency public.currency_code,
  add column exchange_rate numeric(12,6);
alter table public.payments disable trigger user;
update public.payments p set currency = i.currency, exchange_rate = coalesce(i.exchange_rate, 1)
  from public.invoices i where i.id = p.invoice_id;
alter table public.payments enable trigger user;
alter table public.payments
  add column amount_sar numeric(14,2) generated always as (round(amount * coalesce(exchange_rate, 1), 2)) stored;
comment on column public.payments.amount_sar is 'The amount in SAR at the invoice''s exchange rate.';
comment on column public.payments.is_refund is 'Money given back to the payer (refund_invoice), with the credit note it belongs to.';
create index payments_org_credit_note_idx on public.payments (organization_id, credit_note_id);

-- Why a change was made (delete_payment, cancel_invoice, refund_invoice), beside the row images.
alter table public.audit_log add column reason text;
comment on column public.audit_log.reason is 'The reason given for the change (deleting a payment, cancelling, refunding), when there is one.';

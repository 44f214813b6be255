-- Reports (issue 17): one narrow index serving the two passes report_overview makes over the
-- organisation's documents. Both read every document of a year or two (the documents issued in
-- the windows; the documents the payments of the windows were for), and the rows of
-- public.invoices are wide (~850 bytes: buyer, seller, QR, XML…): at demo ×10 a sequential scan
-- read 42 MB per pass. This index holds just the columns those passes need (~6 MB), so both are
-- index-only scans: the documents of the windows by issue day, and all of them for the hash join
-- with the payments (private.report_payment_rows).
create index invoices_org_report_idx on public.invoices (organization_id, issue_date)
  include (id, status, issued_at, invoice_type_code, subtotal_sar, total_amount_sar, booking_id, original_invoice_id);

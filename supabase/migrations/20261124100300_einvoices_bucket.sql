-- ZATCA e-invoicing (issue 11): the signed XML of every document, and the XML ZATCA cleared for
-- standard documents, in a private storage bucket: `einvoices/<organization_id>/<invoice_id>.xml`
-- (and `<invoice_id>.cleared.xml`). No policy on storage.objects names this bucket, so anon and
-- authenticated can neither list, read nor write it; the service role (edge function zatca)
-- bypasses RLS and serves a document to staff who may read that invoice
-- (GET /functions/v1/zatca/invoices/<id>/xml).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('einvoices', 'einvoices', false, 5242880, array['application/xml', 'text/xml'])
on conflict (id) do nothing;

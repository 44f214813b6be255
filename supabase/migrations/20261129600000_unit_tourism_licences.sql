-- Ministry of Tourism licence per unit (issue 17). Since 2025 every short-term rental unit in Saudi
-- Arabia needs a licence; the operator records its number, issue and expiry dates and, optionally, a
-- photo or PDF of the permit (private bucket unit-documents, 20261129600100_unit_documents_bucket).
--
-- A unit's licence is valid on day d when it has a number and its expiry date is d or later
-- (private.unit_licence_valid). No number = no licence; the dates alone mean nothing.

alter table public.units
  add column tourism_licence_number text
    constraint units_tourism_licence_number_check
      check (tourism_licence_number is null or length(btrim(tourism_licence_number)) between 1 and 50),
  add column tourism_licence_issued_on date,
  add column tourism_licence_expires_on date,
  add column tourism_licence_document_path text
    constraint units_tourism_licence_document_path_check
      check (tourism_licence_document_path is null
             or (length(tourism_licence_document_path) <= 500
                 and tourism_licence_document_path like organization_id::text || '/%')),
  add constraint units_tourism_licence_dates_check
    check (tourism_licence_issued_on is null or tourism_licence_expires_on is null
           or tourism_licence_expires_on > tourism_licence_issued_on);

comment on column public.units.tourism_licence_number is
  'Ministry of Tourism licence number (null: no licence). Shown on the unit and on the public page.';
comment on column public.units.tourism_licence_issued_on is 'Day the tourism licence was issued.';
comment on column public.units.tourism_licence_expires_on is
  'Last day the tourism licence is valid; alerts and flags warn before it (30 days by default).';
comment on column public.units.tourism_licence_document_path is
  'Photo or PDF of the licence: object {organization_id}/{unit_id}/{file} in the private bucket unit-documents, read through signed URLs.';

-- Units whose licence needs attention (dashboard, alerts) are found by expiry date per organisation.
create index units_tourism_licence_expiry_idx on public.units (organization_id, tourism_licence_expires_on);

-- Whether unit u holds a valid tourism licence on day d: a number, and an expiry date on or after d.
-- Pure on its arguments (immutable), so reports, alerts and the public page can call it per row.
create function private.unit_licence_valid(u public.units, d date)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select u.tourism_licence_number is not null
     and coalesce(u.tourism_licence_expires_on >= d, false);
$$;

comment on function private.unit_licence_valid(public.units, date) is
  'True when the unit has a tourism licence number whose expiry date is on or after the given day.';

revoke execute on function private.unit_licence_valid(public.units, date) from public;
grant execute on function private.unit_licence_valid(public.units, date) to anon, authenticated, service_role;

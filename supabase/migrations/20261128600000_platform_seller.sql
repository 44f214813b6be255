-- The platform as the seller of subscriptions (issue 14 follow-up): the legal details printed on
-- every subscription tax invoice, stored once instead of hard-coded. One row at most (id = true).
-- Only the super administrator reads and edits it (Super admin → Platform); the service role reads
-- it through private.platform_seller(). Until the row exists, open_subscription_checkout refuses
-- with 409 platform_seller_missing (20261128600100): no invoice is ever printed with invented data.

create table public.platform_seller (
  -- A single row: the primary key can only be true.
  id boolean primary key default true check (id),
  legal_name_en text not null check (length(btrim(legal_name_en)) between 1 and 200),
  -- As registered; at most 127 UTF-8 bytes, like organizations.legal_name_ar (one QR length byte).
  legal_name_ar text not null check (length(btrim(legal_name_ar)) >= 1 and octet_length(legal_name_ar) <= 127),
  -- ZATCA VAT registration number: 15 digits, first and last 3.
  vat_number text not null check (vat_number ~ '^3[0-9]{13}3$'),
  -- Commercial registration (or unified national number): 10 digits.
  commercial_registration text not null check (commercial_registration ~ '^[0-9]{10}$'),
  -- The Saudi national address, as organizations hold it.
  address_street text not null check (length(btrim(address_street)) between 1 and 200),
  address_building_number text not null check (address_building_number ~ '^[0-9]{4}$'),
  address_additional_number text check (address_additional_number is null or address_additional_number ~ '^[0-9]{4}$'),
  address_district text not null check (length(btrim(address_district)) between 1 and 200),
  address_city text not null check (length(btrim(address_city)) between 1 and 200),
  address_region text check (address_region is null or length(btrim(address_region)) between 1 and 200),
  address_postal_code text not null check (address_postal_code ~ '^[0-9]{5}$'),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null default auth.uid()
);
comment on table public.platform_seller is
  'The platform''s legal details as seller of subscriptions (one row): printed on subscription invoices; the super administrator reads and edits it.';
create index platform_seller_updated_by_idx on public.platform_seller (updated_by);

alter table public.platform_seller enable row level security;

-- Read: the super administrator only (organisation staff see the details on their invoices' snapshot).
create policy platform_seller_select on public.platform_seller for select to authenticated
  using ((select private.is_super_admin()));
-- First save: the super administrator only.
create policy platform_seller_insert on public.platform_seller for insert to authenticated
  with check ((select private.is_super_admin()));
-- Later saves: the super administrator only.
create policy platform_seller_update on public.platform_seller for update to authenticated
  using ((select private.is_super_admin()))
  with check ((select private.is_super_admin()));
-- No delete policy: once set, the details are edited, never removed (checkouts rely on them).

revoke all on public.platform_seller from anon, authenticated;
grant select, insert, update on public.platform_seller to authenticated;
grant all on public.platform_seller to service_role;

-- updated_at / updated_by follow every save, whatever the browser sent.
create function private.platform_seller_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  new.updated_by := auth.uid();
  return new;
end;
$$;
comment on function private.platform_seller_stamp() is
  'Stamps platform_seller.updated_at and updated_by on every insert and update.';
revoke all on function private.platform_seller_stamp() from public, anon, authenticated;
create trigger platform_seller_stamp before insert or update on public.platform_seller
  for each row execute function private.platform_seller_stamp();

-- Every change is audit-logged with its actor (no organisation: a platform-level row).
create trigger platform_seller_audit after insert or update or delete on public.platform_seller
  for each row execute function private.audit_row();

-- The seller as invoices copy it; null while the super administrator has not filled the details.
-- Replaces the hard-coded placeholder of 20261128200200.
create or replace function private.platform_seller()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'name', s.legal_name_en,
    'name_ar', s.legal_name_ar,
    'vat_number', s.vat_number,
    'commercial_registration', s.commercial_registration,
    'address', jsonb_strip_nulls(jsonb_build_object(
      'street', s.address_street,
      'building_number', s.address_building_number,
      'additional_number', s.address_additional_number,
      'district', s.address_district,
      'city', s.address_city,
      'region', s.address_region,
      'postal_code', s.address_postal_code)))
  from public.platform_seller s
  where s.id
$$;
comment on function private.platform_seller() is
  'The platform (seller of subscriptions) from public.platform_seller: names, VAT number, CR and national address; null until set.';
revoke all on function private.platform_seller() from public;
grant execute on function private.platform_seller() to service_role;

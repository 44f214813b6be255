-- Invoices and their line items (SPEC §3 Invoice, §4 states). The database computes every
-- number: line amount = quantity × rate; subtotal = Σ line amounts; VAT = 15 % of the subtotal;
-- total = subtotal + VAT; paid amount and balance from payments — all rounded to halalas. The
-- status follows the money: pending → paid when fully paid, overdue when past due and unpaid.
-- Invoice numbers are sequential per organisation and never reused. The ZATCA e-invoicing
-- fields (UUID, counter, previous hash, QR payload, seller identity) are reserved here.

create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  -- Sequential per organisation (INV-000001, …), assigned by the database.
  sequence_number integer not null default 0,
  invoice_number text not null default '',
  client_id uuid,
  booking_id uuid,
  status public.invoice_status not null default 'pending',
  currency public.currency_code,
  issue_date date not null default current_date,
  due_date date not null default current_date + 7,
  subtotal numeric(12, 2) not null default 0,
  vat_rate numeric(5, 4) not null default 0.15,
  vat_amount numeric(12, 2) not null default 0,
  total_amount numeric(12, 2) not null default 0,
  paid_amount numeric(12, 2) not null default 0,
  balance_due numeric(12, 2) not null default 0,
  notes text,
  -- Seller identity at issue time (ZATCA: name, VAT number, CR number, national address).
  seller_name text,
  seller_vat_number text,
  seller_commercial_registration text,
  seller_address text,
  -- Buyer (B2B standard invoices need name and VAT number).
  buyer_name text,
  buyer_vat_number text check (buyer_vat_number is null or buyer_vat_number ~ '^3[0-9]{13}3$'),
  -- ZATCA: simplified (B2C) or standard (B2B) tax invoice; 388 invoice, 381 credit, 383 debit note.
  invoice_kind text not null default 'simplified' check (invoice_kind in ('simplified', 'standard')),
  invoice_type_code text not null default '388' check (invoice_type_code in ('388', '381', '383')),
  original_invoice_id uuid,
  zatca_uuid uuid not null default gen_random_uuid(),
  zatca_invoice_counter bigint,
  zatca_previous_invoice_hash text,
  zatca_invoice_hash text,
  zatca_qr_payload text,
  zatca_status text not null default 'not_submitted'
    check (zatca_status in ('not_submitted', 'reported', 'cleared', 'rejected', 'failed')),
  zatca_submitted_at timestamptz,
  -- The tax-authority code shown on the invoice (SPEC §3), filled by the e-invoicing function.
  tax_authority_code text,
  issued_at timestamptz,
  paid_at timestamptz,
  cancelled_at timestamptz,
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint invoices_organization_id_id_key unique (organization_id, id),
  constraint invoices_org_sequence_key unique (organization_id, sequence_number),
  constraint invoices_org_number_key unique (organization_id, invoice_number),
  constraint invoices_zatca_uuid_key unique (zatca_uuid),
  constraint invoices_amounts_check check (paid_amount >= 0 and paid_amount <= total_amount),
  foreign key (organization_id, client_id) references public.clients (organization_id, id) on delete set null (client_id),
  foreign key (organization_id, booking_id) references public.bookings (organization_id, id) on delete set null (booking_id),
  foreign key (organization_id, original_invoice_id) references public.invoices (organization_id, id)
);
comment on table public.invoices is 'Tax invoices with 15 % VAT; all amounts derived by the database.';
create index invoices_org_client_idx on public.invoices (organization_id, client_id);
create index invoices_org_booking_idx on public.invoices (organization_id, booking_id);
create index invoices_org_original_idx on public.invoices (organization_id, original_invoice_id);
create index invoices_organization_created_idx on public.invoices (organization_id, created_at desc);
create index invoices_org_status_due_idx on public.invoices (organization_id, status, due_date);
create trigger invoices_touch before update on public.invoices
  for each row execute function private.touch_updated_at();

create table public.invoice_items (
  id uuid primary key default gen_random_uuid(),
  -- Set from the parent row by the insert trigger; the default only helps typing.
  organization_id uuid not null default private.current_org_id(),
  invoice_id uuid not null,
  description text not null check (length(btrim(description)) between 1 and 500),
  quantity numeric(12, 3) not null default 1 check (quantity > 0),
  rate numeric(12, 2) not null check (rate >= 0),
  amount numeric(12, 2) generated always as (round(quantity * rate, 2)) stored,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  foreign key (organization_id, invoice_id) references public.invoices (organization_id, id) on delete cascade
);
comment on table public.invoice_items is 'Invoice lines: description, quantity, rate; amount = quantity × rate.';
create index invoice_items_org_invoice_idx on public.invoice_items (organization_id, invoice_id);
create index invoice_items_invoice_id_idx on public.invoice_items (invoice_id);

-- ZATCA phase-2 chain state per organisation (invoice counter and last invoice hash), for the
-- e-invoicing edge function only. The seed PIH is base64(sha256("0")) as ZATCA specifies.
create table public.einvoicing_chains (
  organization_id uuid primary key references public.organizations (id) on delete cascade,
  last_invoice_counter bigint not null default 0,
  last_invoice_hash text not null
    default 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==',
  updated_at timestamptz not null default now()
);
comment on table public.einvoicing_chains is 'ZATCA ICV/PIH chain per organisation; service role only.';
alter table public.einvoicing_chains enable row level security;
revoke all on public.einvoicing_chains from anon, authenticated;
grant all on public.einvoicing_chains to service_role;

-- "Today" in the organisation's own timezone (due dates are local calendar days).
create function private.org_today(org uuid)
returns date
language sql
stable
security definer
set search_path = ''
as $$
  select (now() at time zone coalesce((select o.default_timezone::text from public.organizations o where o.id = org), 'Asia/Riyadh'))::date
$$;
grant execute on function private.org_today(uuid) to authenticated, service_role;

-- Every write to an invoice recomputes its numbers and its derived status from the lines and
-- payments, so no client can forge a total, a paid amount or a "paid" status.
create function private.invoices_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  org record;
  next_number integer;
begin
  select o.* into org from public.organizations o where o.id = new.organization_id;

  if tg_op = 'INSERT' then
    update private.organization_counters c set last_invoice_number = c.last_invoice_number + 1
      where c.organization_id = new.organization_id
      returning c.last_invoice_number into next_number;
    new.sequence_number := next_number;
    new.invoice_number := 'INV-' || lpad(next_number::text, 6, '0');
    new.currency := coalesce(new.currency, org.default_currency);
    new.zatca_uuid := gen_random_uuid();
    if new.client_id is null and new.booking_id is not null then
      select b.client_id into new.client_id from public.bookings b where b.id = new.booking_id;
    end if;
  else
    new.sequence_number := old.sequence_number;
    new.invoice_number := old.invoice_number;
    new.zatca_uuid := old.zatca_uuid;
    if old.status in ('cancelled', 'refunded') and new.status <> old.status then
      perform private.fail('Cancelled or refunded invoices cannot be reopened', 'invoice_closed');
    end if;
    if new.status = 'draft' and old.status <> 'draft' then
      perform private.fail('An issued invoice cannot return to draft', 'invoice_issued');
    end if;
  end if;
  -- ZATCA fields are written by the e-invoicing function (service role) only.
  if not private.is_trusted() and tg_op = 'UPDATE' and (
       new.zatca_invoice_counter is distinct from old.zatca_invoice_counter
       or new.zatca_previous_invoice_hash is distinct from old.zatca_previous_invoice_hash
       or new.zatca_invoice_hash is distinct from old.zatca_invoice_hash
       or new.zatca_qr_payload is distinct from old.zatca_qr_payload
       or new.zatca_status is distinct from old.zatca_status
       or new.zatca_submitted_at is distinct from old.zatca_submitted_at
       or new.tax_authority_code is distinct from old.tax_authority_code) then
    perform private.fail('E-invoicing fields are set by the tax-authority integration', 'zatca_fields_readonly', '42501');
  end if;
  if not private.is_trusted() and tg_op = 'INSERT' then
    new.zatca_invoice_counter := null; new.zatca_previous_invoice_hash := null; new.zatca_invoice_hash := null;
    new.zatca_qr_payload := null; new.zatca_status := 'not_submitted'; new.zatca_submitted_at := null;
    new.tax_authority_code := null;
  end if;

  -- Numbers.
  new.vat_rate := public.vat_rate();
  new.subtotal := coalesce((select sum(i.amount) from public.invoice_items i where i.invoice_id = new.id), 0);
  new.vat_amount := private.round_money(new.subtotal * new.vat_rate);
  new.total_amount := new.subtotal + new.vat_amount;
  new.paid_amount := coalesce((select sum(p.amount) from public.payments p where p.invoice_id = new.id), 0);
  if new.paid_amount > new.total_amount then
    perform private.fail('The invoice total cannot be less than the amount already paid', 'invoice_total_below_paid');
  end if;
  new.balance_due := new.total_amount - new.paid_amount;

  -- Status: draft, cancelled and refunded are chosen; pending / overdue / paid are derived.
  if new.status = 'refunded' and (tg_op = 'INSERT' or old.status <> 'paid') then
    perform private.fail('Only paid invoices can be refunded', 'invoice_not_paid');
  end if;
  if new.status = 'paid' and new.balance_due > 0 and (tg_op = 'INSERT' or old.status <> 'paid') then
    perform private.fail('Record a payment to mark this invoice as paid', 'invoice_unpaid');
  end if;
  if new.status in ('pending', 'overdue', 'paid') then
    if new.total_amount > 0 and new.balance_due = 0 then
      new.status := 'paid';
    elsif new.due_date < private.org_today(new.organization_id) then
      new.status := 'overdue';
    else
      new.status := 'pending';
    end if;
  end if;

  -- Timestamps and the seller identity at issue time.
  if new.status <> 'draft' and (tg_op = 'INSERT' or old.status = 'draft') then
    new.issued_at := now();
    new.seller_name := coalesce(org.name_ar, org.name);
    new.seller_vat_number := org.vat_number;
    new.seller_commercial_registration := org.commercial_registration;
    new.seller_address := concat_ws(', ', org.address_street, org.address_building_number, org.address_district,
                                    org.address_city, org.address_postal_code);
  end if;
  if new.status = 'paid' and (tg_op = 'INSERT' or old.status <> 'paid') then
    new.paid_at := now();
  elsif new.status not in ('paid', 'refunded') then
    new.paid_at := null;
  end if;
  if new.status = 'cancelled' and (tg_op = 'INSERT' or old.status <> 'cancelled') then
    new.cancelled_at := now();
  end if;
  return new;
end;
$$;
create trigger invoices_before_write before insert or update on public.invoices
  for each row execute function private.invoices_before_write();

-- Issued invoices are never deleted (ZATCA: cancel or credit instead); drafts may be.
create function private.invoices_before_delete()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status <> 'draft' and not private.is_trusted()
     and exists (select 1 from public.organizations o where o.id = old.organization_id) then
    perform private.fail('Issued invoices cannot be deleted; cancel them instead', 'invoice_issued');
  end if;
  return old;
end;
$$;
create trigger invoices_before_delete before delete on public.invoices
  for each row execute function private.invoices_before_delete();

-- Lines take the organisation of their invoice and cannot change closed invoices.
create function private.invoice_items_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  inv record;
begin
  select i.organization_id, i.status into inv from public.invoices i
    where i.id = coalesce(new.invoice_id, old.invoice_id);
  if inv.status in ('paid', 'cancelled', 'refunded')
     and exists (select 1 from public.organizations o where o.id = inv.organization_id) then
    perform private.fail('Lines of a paid, cancelled or refunded invoice cannot be changed', 'invoice_closed');
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  if tg_op = 'UPDATE' and new.invoice_id <> old.invoice_id then
    perform private.fail('A line cannot be moved to another invoice', 'invoice_item_immutable');
  end if;
  new.organization_id := inv.organization_id;
  return new;
end;
$$;
create trigger invoice_items_before_write before insert or update or delete on public.invoice_items
  for each row execute function private.invoice_items_before_write();

-- After lines change, touch the invoice so invoices_before_write recomputes its totals.
create function private.invoice_items_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.invoices set updated_at = now() where id = coalesce(new.invoice_id, old.invoice_id);
  return null;
end;
$$;
create trigger invoice_items_after_write after insert or update or delete on public.invoice_items
  for each row execute function private.invoice_items_after_write();

alter table public.invoices enable row level security;

-- Staff holding invoices.read read the invoices of their organisation; the super administrator reads all.
create policy invoices_select on public.invoices for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('invoices.read')))
    or (select private.is_super_admin())
  );
-- Holders of invoices.write add invoices to their own organisation only.
create policy invoices_insert on public.invoices for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('invoices.write')));
-- Holders of invoices.write edit invoices of their organisation; rows cannot be moved to another one.
create policy invoices_update on public.invoices for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('invoices.write')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of invoices.write delete invoices of their organisation.
create policy invoices_delete on public.invoices for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('invoices.write')));

alter table public.invoice_items enable row level security;

-- Staff holding invoices.read read the invoice lines of their organisation; the super administrator reads all.
create policy invoice_items_select on public.invoice_items for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('invoices.read')))
    or (select private.is_super_admin())
  );
-- Holders of invoices.write add invoice lines to their own organisation only.
create policy invoice_items_insert on public.invoice_items for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('invoices.write')));
-- Holders of invoices.write edit invoice lines of their organisation; rows cannot be moved to another one.
create policy invoice_items_update on public.invoice_items for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('invoices.write')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of invoices.write delete invoice lines of their organisation.
create policy invoice_items_delete on public.invoice_items for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('invoices.write')));

grant select, insert, update, delete on public.invoices to authenticated;
grant select, insert, delete on public.invoice_items to authenticated;
grant update (description, quantity, rate, position) on public.invoice_items to authenticated;
grant all on public.invoices, public.invoice_items to service_role;

-- Payments against invoices (SPEC §3 Payment). A payment may be partial; the database records
-- whether it was and the balance left after it, and keeps the invoice's paid amount, balance
-- and status in step (invoices_before_write). A payment never exceeds the balance due.

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  -- Set from the parent row by the insert trigger; the default only helps typing.
  organization_id uuid not null default private.current_org_id(),
  invoice_id uuid not null,
  method public.payment_method not null,
  amount numeric(12, 2) not null check (amount > 0),
  reference_number text,
  notes text,
  paid_at timestamptz not null default now(),
  -- Set by the database at insert: was the invoice left with a balance, and how much.
  is_partial boolean not null default false,
  remaining_balance numeric(12, 2) not null default 0,
  received_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  foreign key (organization_id, invoice_id) references public.invoices (organization_id, id) on delete cascade
);
comment on table public.payments is 'Payments; partial payments and remaining balance derived by the database.';
create index payments_org_invoice_idx on public.payments (organization_id, invoice_id);
create index payments_invoice_id_idx on public.payments (invoice_id);
create index payments_org_paid_at_idx on public.payments (organization_id, paid_at desc);

create function private.payments_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  inv record;
begin
  if tg_op = 'UPDATE' then
    if new.amount <> old.amount or new.invoice_id <> old.invoice_id or new.organization_id <> old.organization_id then
      perform private.fail('A recorded payment cannot be changed; delete it and record it again', 'payment_immutable');
    end if;
    new.is_partial := old.is_partial;
    new.remaining_balance := old.remaining_balance;
    return new;
  end if;
  -- Lock the invoice so concurrent payments see each other.
  select i.organization_id, i.status, i.balance_due into inv
    from public.invoices i where i.id = new.invoice_id for update;
  if inv.organization_id is null then
    return new; -- the foreign key reports the missing invoice
  end if;
  new.organization_id := inv.organization_id;
  if inv.status = 'draft' then
    perform private.fail('Issue the invoice before recording a payment', 'invoice_draft');
  end if;
  if inv.status in ('paid', 'cancelled', 'refunded') then
    perform private.fail('This invoice does not accept payments', 'invoice_closed');
  end if;
  if new.amount > inv.balance_due then
    perform private.fail(format('The payment exceeds the remaining balance of %s', inv.balance_due),
                         'payment_exceeds_balance', '23514');
  end if;
  new.remaining_balance := inv.balance_due - new.amount;
  new.is_partial := new.remaining_balance > 0;
  return new;
end;
$$;
create trigger payments_before_write before insert or update on public.payments
  for each row execute function private.payments_before_write();

-- Deleting a payment of a closed invoice would silently reopen it; refuse.
create function private.payments_before_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.invoices i where i.id = old.invoice_id and i.status in ('cancelled', 'refunded'))
     and not private.is_trusted() then
    perform private.fail('Payments of cancelled or refunded invoices cannot be deleted', 'invoice_closed');
  end if;
  return old;
end;
$$;
create trigger payments_before_delete before delete on public.payments
  for each row execute function private.payments_before_delete();

-- After a payment is recorded or removed the invoice recomputes paid amount, balance, status.
create function private.payments_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.invoices set status = case when status = 'paid' then 'pending'::public.invoice_status else status end
  where id = coalesce(new.invoice_id, old.invoice_id)
    and status not in ('cancelled', 'refunded', 'draft');
  return null;
end;
$$;
create trigger payments_after_write after insert or delete on public.payments
  for each row execute function private.payments_after_write();

alter table public.payments enable row level security;

-- Staff holding payments.read read the payments of their organisation; the super administrator reads all.
create policy payments_select on public.payments for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('payments.read')))
    or (select private.is_super_admin())
  );
-- Holders of payments.write add payments to their own organisation only.
create policy payments_insert on public.payments for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('payments.write')));
-- Holders of payments.write edit payments of their organisation; rows cannot be moved to another one.
create policy payments_update on public.payments for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('payments.write')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of payments.write delete payments of their organisation.
create policy payments_delete on public.payments for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('payments.write')));

grant select, insert, delete on public.payments to authenticated;
grant update (reference_number, notes) on public.payments to authenticated;
grant all on public.payments to service_role;

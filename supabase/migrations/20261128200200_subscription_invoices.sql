-- Subscription invoices (issue 14): Nuzl's tax invoice to an organisation for a paid plan change,
-- written once by complete_subscription_checkout when the gateway payment is verified. Numbers run
-- in one sequence for the whole platform (Nuzl is the seller of every one), without gaps. Seller and
-- buyer details are copied at issue time, so a later rename does not change an issued invoice.
-- Amounts are halalas: the price includes VAT, vat = round(total × 15 / 115), net = total − vat.

create table public.subscription_invoices (
  id uuid primary key default gen_random_uuid(),
  -- 1, 2, 3 … across the platform; shown as NZL-SUB-000001.
  number integer not null unique check (number > 0),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  checkout_id uuid not null unique references public.subscription_checkouts (id) on delete cascade,
  seller_name text not null,
  seller_name_ar text not null,
  seller_vat_number text not null,
  buyer_name text not null,
  buyer_vat_number text,
  plan public.subscription_plan not null,
  billing_cycle text not null check (billing_cycle in ('monthly', 'yearly')),
  -- The paid period, both days included (Riyadh dates).
  period_start date not null,
  period_end date not null check (period_end >= period_start),
  net_halalas integer not null check (net_halalas > 0),
  vat_halalas integer not null check (vat_halalas >= 0),
  total_halalas integer not null check (total_halalas = net_halalas + vat_halalas),
  vat_rate numeric(5, 2) not null default 15,
  currency text not null default 'SAR' check (currency = 'SAR'),
  provider_payment_id text not null,
  paid_at timestamptz not null,
  created_at timestamptz not null default now()
);
comment on table public.subscription_invoices is
  'Nuzl''s invoices for paid plan changes (net, 15% VAT, total in halalas): written by complete_subscription_checkout only; settings.manage reads its organisation''s.';
create index subscription_invoices_organization_idx on public.subscription_invoices (organization_id, number desc);

alter table public.subscription_invoices enable row level security;

-- Read: administrators of the organisation (settings.manage) and the super administrator.
create policy subscription_invoices_select on public.subscription_invoices for select to authenticated
  using (organization_id = any ((select private.readable_org_ids('settings.manage'))::uuid[]));

-- Written only by the service role's complete_subscription_checkout: no write policy or grant for browsers.
revoke all on public.subscription_invoices from anon, authenticated;
grant select on public.subscription_invoices to authenticated;
grant all on public.subscription_invoices to service_role;

-- Nuzl as the seller of subscriptions (copied onto every invoice).
create function private.platform_seller()
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('name', 'Nuzl', 'name_ar', 'نُزل', 'vat_number', '310000000000003')
$$;
comment on function private.platform_seller() is
  'The platform (seller of subscriptions): names and VAT number printed on subscription invoices.';
revoke all on function private.platform_seller() from public;
grant execute on function private.platform_seller() to service_role;

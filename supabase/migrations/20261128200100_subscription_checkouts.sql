-- Subscription checkouts (issue 14, Settings → Billing): one row per attempt to change plan and pay
-- through the payment gateway (Moyasar). The billing edge function opens it (service role), links
-- the gateway's invoice, and completes it only after fetching the payment from the gateway with the
-- secret key (never on the browser's word). Organisation administrators with settings.manage read
-- their own rows (the tab polls one while "Verifying payment…"); nobody writes from the browser.

create table public.subscription_checkouts (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  -- The plan and cycle being bought (Enterprise is sold by agreement, never here).
  plan public.subscription_plan not null check (plan <> 'enterprise'),
  billing_cycle text not null check (billing_cycle in ('monthly', 'yearly')),
  -- The plan and cycle when the checkout was opened: completing refuses a stale checkout whose
  -- organisation changed plan in the meantime.
  previous_plan public.subscription_plan not null,
  previous_billing_cycle text not null check (previous_billing_cycle in ('monthly', 'yearly')),
  -- What the gateway must have charged: VAT included, in halalas, SAR only.
  amount_halalas integer not null check (amount_halalas > 0),
  currency text not null default 'SAR' check (currency = 'SAR'),
  provider text not null default 'moyasar' check (provider = 'moyasar'),
  -- The gateway's invoice (hosted payment page) and, once verified, its payment.
  provider_invoice_id text unique,
  provider_payment_id text,
  -- pending: waiting for the payer; paid: verified and the plan switched; failed: the gateway
  -- declined the payment (the payer may try again from the tab with a new checkout).
  status text not null default 'pending' check (status in ('pending', 'paid', 'failed')),
  failure_reason text check (failure_reason is null or length(failure_reason) <= 500),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  check ((status = 'paid') = (verified_at is not null and provider_payment_id is not null))
);
comment on table public.subscription_checkouts is
  'Plan changes paid through the gateway: opened and completed by the billing function (service role); settings.manage reads its organisation''s.';
create index subscription_checkouts_organization_idx on public.subscription_checkouts (organization_id, created_at desc);
create index subscription_checkouts_created_by_idx on public.subscription_checkouts (created_by);

alter table public.subscription_checkouts enable row level security;

-- Read: administrators of the organisation (settings.manage) and the super administrator
-- (readable_org_ids). Other staff, vendors and visitors read nothing.
create policy subscription_checkouts_select on public.subscription_checkouts for select to authenticated
  using (organization_id = any ((select private.readable_org_ids('settings.manage'))::uuid[]));

-- No insert / update / delete policy and no grant for browser roles: only the service role writes,
-- through open_subscription_checkout / attach_subscription_checkout_invoice / complete_subscription_checkout.
revoke all on public.subscription_checkouts from anon, authenticated;
grant select on public.subscription_checkouts to authenticated;
grant all on public.subscription_checkouts to service_role;

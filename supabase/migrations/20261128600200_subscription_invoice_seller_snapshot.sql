-- Subscription invoices keep the whole seller as it was at issue time (20261128600000): besides
-- the names and VAT number, its commercial registration and national address. Invoices issued
-- before this migration keep null there. complete_subscription_checkout copies them from
-- private.platform_seller(); otherwise as 20261128200400.

alter table public.subscription_invoices
  add column seller_commercial_registration text,
  add column seller_address jsonb check (seller_address is null or jsonb_typeof(seller_address) = 'object');
comment on column public.subscription_invoices.seller_commercial_registration is
  'The seller''s commercial registration at issue time (null on invoices issued before 20261128600200).';
comment on column public.subscription_invoices.seller_address is
  'The seller''s national address at issue time: {street, building_number, additional_number?, district, city, region?, postal_code}.';

create or replace function public.complete_subscription_checkout(
  checkout_id uuid,
  provider_payment_id text,
  payment_status text,
  amount_halalas integer,
  currency text,
  metadata_checkout_id text,
  failure_reason text default null
)
returns public.subscription_checkouts
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c public.subscription_checkouts;
  o public.organizations;
  seller jsonb := private.platform_seller();
  vat integer;
  starts date := (now() at time zone 'Asia/Riyadh')::date;
  next_number integer;
begin
  select * into c from public.subscription_checkouts x where x.id = checkout_id for update;
  if not found then
    perform private.fail('Checkout not found', 'checkout_not_found', 'PT404');
  end if;
  -- Already verified: a second notice (callback after webhook, or a retry) changes nothing.
  if c.status = 'paid' then
    return c;
  end if;
  if payment_status is distinct from 'paid' then
    update public.subscription_checkouts x
       set status = 'failed', failure_reason = left(coalesce(nullif(btrim(complete_subscription_checkout.failure_reason), ''), 'Payment failed'), 500),
           provider_payment_id = coalesce(complete_subscription_checkout.provider_payment_id, x.provider_payment_id)
     where x.id = c.id
    returning * into c;
    return c;
  end if;
  if provider_payment_id is null or amount_halalas is distinct from c.amount_halalas
     or currency is distinct from c.currency or metadata_checkout_id is distinct from c.id::text then
    perform private.fail('The payment does not match this checkout.', 'checkout_mismatch', 'PT409');
  end if;
  select * into o from public.organizations x where x.id = c.organization_id for update;
  -- The seller details cannot be removed once set (no delete policy); refuse rather than print blanks.
  if seller is null then
    perform private.fail('Payments are not available yet. Please contact support.', 'platform_seller_missing', 'PT409');
  end if;
  if o.subscription_plan <> c.previous_plan or o.billing_cycle <> c.previous_billing_cycle then
    perform private.fail('The plan changed since this checkout was opened.', 'checkout_stale', 'PT409');
  end if;

  perform set_config('nuzl.trusted_call', 'on', true);
  update public.organizations x set subscription_plan = c.plan, billing_cycle = c.billing_cycle where x.id = o.id;
  perform set_config('nuzl.trusted_call', '', true);

  update public.subscription_checkouts x
     set status = 'paid', verified_at = now(), failure_reason = null,
         provider_payment_id = complete_subscription_checkout.provider_payment_id
   where x.id = c.id
  returning * into c;

  -- One platform-wide sequence without gaps: numbers are taken under a table lock.
  lock table public.subscription_invoices in share row exclusive mode;
  select coalesce(max(i.number), 0) + 1 into next_number from public.subscription_invoices i;
  vat := private.vat_of_inclusive_halalas(c.amount_halalas);
  insert into public.subscription_invoices
    (number, organization_id, checkout_id, seller_name, seller_name_ar, seller_vat_number,
     seller_commercial_registration, seller_address, buyer_name,
     buyer_vat_number, plan, billing_cycle, period_start, period_end, net_halalas, vat_halalas,
     total_halalas, currency, provider_payment_id, paid_at)
  values
    (next_number, o.id, c.id, seller ->> 'name', seller ->> 'name_ar', seller ->> 'vat_number',
     seller ->> 'commercial_registration', seller -> 'address',
     coalesce(nullif(o.legal_name_en, ''), o.name), o.vat_number, c.plan, c.billing_cycle, starts,
     (starts + case c.billing_cycle when 'yearly' then interval '1 year' else interval '1 month' end - interval '1 day')::date,
     c.amount_halalas - vat, vat, c.amount_halalas, c.currency, c.provider_payment_id, c.verified_at);
  return c;
end;
$$;
comment on function public.complete_subscription_checkout(uuid, text, text, integer, text, text, text) is
  'Billing function (service role), after verifying with the gateway: paid + matching amount/currency/metadata switches the plan once and writes the subscription invoice; failed marks the checkout; idempotent; 409 checkout_mismatch / checkout_stale.';
revoke all on function public.complete_subscription_checkout(uuid, text, text, integer, text, text, text) from public, anon, authenticated;
grant execute on function public.complete_subscription_checkout(uuid, text, text, integer, text, text, text) to service_role;

-- The billing function's writes (issue 14), all for the service role only (the function checks the
-- caller's settings.manage before opening; completing follows a gateway lookup with the secret key):
--   * open_subscription_checkout(org, plan, cycle, user): refuses Enterprise (409 enterprise_contact),
--     the current plan and cycle (409 plan_unchanged) and a plan the organisation does not fit
--     (409 plan_downgrade_blocked, the blockers in DETAIL as JSON); else a pending checkout with
--     the SPEC §9 price.
--   * attach_subscription_checkout_invoice(checkout, provider_invoice_id): the gateway's invoice.
--   * complete_subscription_checkout(checkout, payment_id, status, amount, currency, metadata_checkout):
--     idempotent. A paid payment switches the plan only when amount, currency and the metadata's
--     checkout id match the checkout (else 409 checkout_mismatch) and the organisation is still on
--     the plan it was on when the checkout opened (else 409 checkout_stale); it then writes the
--     subscription invoice. A failed payment marks a pending checkout failed. A checkout already
--     paid is returned as it is (a callback and a webhook may both arrive).

create function public.open_subscription_checkout(
  organization_id uuid,
  plan public.subscription_plan,
  billing_cycle text,
  created_by uuid
)
returns public.subscription_checkouts
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  o public.organizations;
  blockers jsonb;
  opened public.subscription_checkouts;
begin
  if plan is null or billing_cycle is null or billing_cycle not in ('monthly', 'yearly') then
    perform private.fail('Please check your input and try again.', 'plan_invalid', '22023');
  end if;
  select * into o from public.organizations x where x.id = open_subscription_checkout.organization_id;
  if not found then
    perform private.fail('Organization not found', 'organization_not_found', 'PT404');
  end if;
  if plan = 'enterprise' then
    perform private.fail('The Enterprise plan is arranged with our team: please contact us.', 'enterprise_contact', 'PT409');
  end if;
  if o.subscription_plan = plan and o.billing_cycle = open_subscription_checkout.billing_cycle then
    perform private.fail('Your organization is already on this plan.', 'plan_unchanged', 'PT409');
  end if;
  blockers := private.plan_change_blockers(o.id, plan);
  if jsonb_array_length(blockers) > 0 then
    raise exception using message = 'Your organization uses more than this plan allows.',
      hint = 'plan_downgrade_blocked', errcode = 'PT409', detail = blockers::text;
  end if;
  insert into public.subscription_checkouts
    (organization_id, plan, billing_cycle, previous_plan, previous_billing_cycle, amount_halalas, created_by)
  values (o.id, plan, open_subscription_checkout.billing_cycle, o.subscription_plan, o.billing_cycle,
          private.plan_price_halalas(plan, open_subscription_checkout.billing_cycle),
          open_subscription_checkout.created_by)
  returning * into opened;
  return opened;
end;
$$;
comment on function public.open_subscription_checkout(uuid, public.subscription_plan, text, uuid) is
  'Billing function (service role): a pending checkout at the SPEC §9 price; 409 enterprise_contact / plan_unchanged / plan_downgrade_blocked (blockers in DETAIL).';
revoke all on function public.open_subscription_checkout(uuid, public.subscription_plan, text, uuid) from public, anon, authenticated;
grant execute on function public.open_subscription_checkout(uuid, public.subscription_plan, text, uuid) to service_role;

create function public.attach_subscription_checkout_invoice(checkout_id uuid, provider_invoice_id text)
returns public.subscription_checkouts
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  linked public.subscription_checkouts;
begin
  update public.subscription_checkouts c
     set provider_invoice_id = attach_subscription_checkout_invoice.provider_invoice_id
   where c.id = checkout_id and c.provider_invoice_id is null and c.status = 'pending'
  returning * into linked;
  if not found then
    perform private.fail('Checkout not found', 'checkout_not_found', 'PT404');
  end if;
  return linked;
end;
$$;
comment on function public.attach_subscription_checkout_invoice(uuid, text) is
  'Billing function (service role): links the gateway invoice to a pending checkout (once).';
revoke all on function public.attach_subscription_checkout_invoice(uuid, text) from public, anon, authenticated;
grant execute on function public.attach_subscription_checkout_invoice(uuid, text) to service_role;

create function public.complete_subscription_checkout(
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
    (number, organization_id, checkout_id, seller_name, seller_name_ar, seller_vat_number, buyer_name,
     buyer_vat_number, plan, billing_cycle, period_start, period_end, net_halalas, vat_halalas,
     total_halalas, currency, provider_payment_id, paid_at)
  values
    (next_number, o.id, c.id, seller ->> 'name', seller ->> 'name_ar', seller ->> 'vat_number',
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

-- Subscription prices (issue 14, Settings → Billing; SPEC §9): Basic 81 SAR a month or 890 a year,
-- Advanced 119 a month or 1309 a year, Enterprise by agreement (no price: "contact us").
-- The prices INCLUDE the 15% VAT (what a Saudi consumer price must show, and what the billing tab
-- says on screen). The VAT part of a total is round(total × 15 / 115) in halalas and the net part is
-- the rest, so net + VAT = total exactly, in whole halalas (subscription invoices store all three).

-- The total (VAT included) of a plan and cycle in halalas; null for Enterprise or an unknown cycle.
create function private.plan_price_halalas(plan public.subscription_plan, billing_cycle text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case
    when plan = 'basic' and billing_cycle = 'monthly' then 8100
    when plan = 'basic' and billing_cycle = 'yearly' then 89000
    when plan = 'advanced' and billing_cycle = 'monthly' then 11900
    when plan = 'advanced' and billing_cycle = 'yearly' then 130900
    else null
  end
$$;
comment on function private.plan_price_halalas(public.subscription_plan, text) is
  'SPEC §9 price of a plan and cycle in halalas, VAT included; null for Enterprise (by agreement).';
revoke all on function private.plan_price_halalas(public.subscription_plan, text) from public;
grant execute on function private.plan_price_halalas(public.subscription_plan, text) to authenticated, service_role;

-- The VAT part (15%) of a VAT-inclusive total in halalas: round(total × 15 / 115), half up.
create function private.vat_of_inclusive_halalas(total integer)
returns integer
language sql
immutable
set search_path = ''
as $$
  select ((total::numeric * 15) / 115)::numeric(20, 0)::integer
$$;
comment on function private.vat_of_inclusive_halalas(integer) is
  'The 15% VAT contained in a VAT-inclusive amount in halalas (rounded half up); net = total − VAT.';
revoke all on function private.vat_of_inclusive_halalas(integer) from public;
grant execute on function private.vat_of_inclusive_halalas(integer) to authenticated, service_role;

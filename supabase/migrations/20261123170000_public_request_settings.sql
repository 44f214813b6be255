-- How long a stay, and how far ahead, a visitor may ask for through the public booking page.
--
-- request_booking() accepted any stay up to 365 nights starting any day in the future: one
-- anonymous request held a unit for a whole year for 24 hours. Each organisation now sets two
-- bounds of its public page; request_booking() (20261123170200) refuses a request outside them
-- with a clear 400 and a key, and the page can show them (get_public_site returns the site row).
--
-- They live on public_sites, not organizations: they are settings of the public booking page
-- (one per organisation), edited by those who manage that page (public_site.manage, the existing
-- policy), and visitors may read them like the rest of an enabled site to guide the form;
-- organizations holds identity and billing, guarded separately and not readable by visitors.
--
--   max_request_nights, default 30 (1–365): short-stay hosts take requests for up to a month;
--     longer stays are monthly rentals with other terms (the big platforms treat 28+ nights as
--     "monthly stays") and are arranged with the host directly. A host who rents by the month
--     raises it; 365 is the old hard limit.
--   request_horizon_days, default 365 (1–730): check-in at most a year ahead, the window hosts
--     open on the big platforms (up to 12 months) and the span prices are usually set for; a
--     request for a date two years out is almost never a real guest. Up to 730 for hosts who
--     take bookings for the same season of the year after next.
alter table public.public_sites
  add column max_request_nights smallint not null default 30
    constraint public_sites_max_request_nights_check check (max_request_nights between 1 and 365),
  add column request_horizon_days smallint not null default 365
    constraint public_sites_request_horizon_days_check check (request_horizon_days between 1 and 730);
comment on column public.public_sites.max_request_nights is
  'Longest stay (nights) a visitor may ask for through request_booking(); 1–365, default 30.';
comment on column public.public_sites.request_horizon_days is
  'How many days ahead of today (the organisation''s date) a requested check-in may be; 1–730, default 365.';

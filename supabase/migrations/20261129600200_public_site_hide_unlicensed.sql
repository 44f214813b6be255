-- Organisation option (issue 17): hide units without a valid tourism licence from the public booking
-- page. The public functions honour it (a later migration of this series, 2026112960xxxx).

alter table public.public_sites
  add column hide_unlicensed_units boolean not null default false;

comment on column public.public_sites.hide_unlicensed_units is
  'When on, the public page, its unit pages and booking requests leave out units without a valid tourism licence (private.unit_licence_valid on the visitor''s today).';

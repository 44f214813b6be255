-- Hijri (Umm al-Qura) dates beside Gregorian ones (issue 17): an organisation default and a per-user
-- choice. The app reads both with the account (organisation settings and profile) and decides with
-- coalesce(profiles.hijri_dates, organizations.hijri_dates). Written through the existing update
-- policies: organizations_update (settings.manage) and profiles_update (the user's own row).

alter table public.organizations
  add column hijri_dates boolean not null default false;

comment on column public.organizations.hijri_dates is
  'Organisation default: show the Hijri (Umm al-Qura) date beside every Gregorian date.';

alter table public.profiles
  add column hijri_dates boolean;

comment on column public.profiles.hijri_dates is
  'The user''s choice of Hijri dates beside Gregorian ones: true show, false hide, null follow the organisation.';

-- The public booking page `/org/<slug>` in one request (issues 12 and 13).
--
-- The page used to read the site, then its units and its reviews: two round trips before the
-- first unit could be drawn, ~300 ms each on a phone network. This function answers the page
-- in one, with what the page shows and nothing more:
--
--   { "site": {…}, "units": [{…, "main_photo": "<storage path>"}], "reviews": [{…}],
--     "rating": { "average": 4.67, "count": 9 } }
--   { "redirect": "<current slug>" }   -- the slug is an old one of an enabled site
--   null                               -- no enabled site has, or had, this slug
--
-- SECURITY INVOKER on purpose: it reads as the caller, so the visitor's RLS policies decide
-- exactly as they do for the table reads it replaces (enabled sites, active units, published
-- reviews, anon's column grants). A disabled site answers null, like an unknown slug.
-- The rating is over every published review, not only the 12 the page lists.

create function public.public_site_page(p_slug text)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with site as (
    select s.id, s.organization_id, s.name, s.name_ar, s.description, s.description_ar, s.about,
           s.about_ar, s.logo_url, s.contact_email, s.phone, s.address, s.theme_color, s.slug,
           s.default_language
    from public.public_sites s
    where s.slug = lower(p_slug) and s.enabled
  ),
  page_units as (
    select u.id, u.name, u.name_ar, u.type, u.description, u.description_ar, u.price_per_night,
           u.max_guests, u.bedrooms, u.bathrooms, u.address_city, u.address_region,
           (select p.storage_path from public.unit_photos p
             where p.unit_id = u.id and p.is_main limit 1) as main_photo,
           u.created_at as listed_at
    from public.units u
    join site on u.organization_id = site.organization_id
    where u.is_active
    order by u.created_at desc
    limit 24
  ),
  page_reviews as (
    select r.id, r.guest_name, r.rating, r.message, r.published_at, r.created_at
    from public.reviews r
    join site on r.organization_id = site.organization_id
    where r.is_published
    order by r.published_at desc nulls last
    limit 12
  ),
  rating as (
    select round(avg(r.rating)::numeric, 2) as average, count(*)::int as count
    from public.reviews r
    join site on r.organization_id = site.organization_id
    where r.is_published
  )
  select case
    when exists (select 1 from site) then jsonb_build_object(
      'site', (select to_jsonb(site) from site),
      'units', coalesce((select jsonb_agg(to_jsonb(u) - 'listed_at' order by u.listed_at desc) from page_units u), '[]'::jsonb),
      'reviews', coalesce((select jsonb_agg(to_jsonb(r) order by r.published_at desc nulls last) from page_reviews r), '[]'::jsonb),
      'rating', (select jsonb_build_object('average', rating.average, 'count', rating.count) from rating)
    )
    else (
      select jsonb_build_object('redirect', s.slug)
      from public.public_site_slug_history h
      join public.public_sites s on s.id = h.site_id
      where h.slug = lower(p_slug) and s.enabled
    )
  end
$$;

comment on function public.public_site_page(text) is
  'The public booking page of /org/<slug> in one request: site, active units with their main photo, published reviews and the average rating; {"redirect": slug} for an old slug; null otherwise. Reads as the caller (RLS).';

-- Visitors and signed-in users (an operator previewing their page) call it; RLS still decides.
revoke execute on function public.public_site_page(text) from public;
grant execute on function public.public_site_page(text) to anon, authenticated;

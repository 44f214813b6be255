-- Issue 13: a small copy of every unit photo (640 px wide at most, beside the original as
-- <name>.w640.jpg) so a phone downloads a card-sized JPEG on /org/<slug>. Photos uploaded before
-- have none (null): pages then show the original.
alter table public.unit_photos add column small_path text;

alter table public.unit_photos add constraint unit_photos_small_path_check check (
  small_path is null
  or (
    small_path <> storage_path
    and small_path not like '%/%/%/%'
    and split_part(small_path, '/', 1) = split_part(storage_path, '/', 1)
    and split_part(small_path, '/', 2) = split_part(storage_path, '/', 2)
    and split_part(small_path, '/', 3) <> ''
  )
);

comment on column public.unit_photos.small_path is
  'Storage path of the photo''s small copy (at most 640 px wide, same JPEG quality) in the same {organization}/{unit}/ folder as storage_path; null for photos uploaded before small copies existed.';

-- public_site_page: each unit also returns main_photo_small, the main photo's small copy.
CREATE OR REPLACE FUNCTION public.public_site_page(p_slug text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
           (select p.small_path from public.unit_photos p
             where p.unit_id = u.id and p.is_main limit 1) as main_photo_small,
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
$function$;

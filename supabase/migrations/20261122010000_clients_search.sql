-- Client search (SPEC §2: by name, e-mail, phone or nationality), server-side and indexed, that
-- forgives how people type Arabic and English: أ إ آ ٱ → ا, ة → ه, ى → ي, ؤ → و, ئ → ي, no tatweel
-- or diacritics, Arabic-Indic digits → 0-9, case, and hyphens/dots/underscores as spaces. Every
-- client row keeps its folded text in `search_text` (a stored generated column under a trigram
-- index); search_clients() folds the query the same way, so both sides always agree.

-- The folding itself. IMMUTABLE so it can feed a generated column and an index.
create function private.fold_search(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select btrim(regexp_replace(regexp_replace(
    translate(lower(coalesce(value, '')),
              'أإآٱىةؤئ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹-_.,،',
              'اااايهوي01234567890123456789     '),
    '[\u0640\u064B-\u065F\u0670]', '', 'g'),
    '\s+', ' ', 'g'))
$$;
comment on function private.fold_search is 'Lower-cases and folds Arabic letter variants, tatweel, diacritics and digits for search.';
grant execute on function private.fold_search(text) to authenticated, service_role;

-- Nationality is stored as an ISO country code (SA, EG, GB …); a search for "سعودي", "saudi"
-- or "مصر" should still find those guests, so the names in both languages join the search text.
create function private.nationality_search_terms(code text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case upper(btrim(coalesce(code, '')))
    when 'SA' then 'saudi arabia saudi ksa السعودية سعودي سعوديه المملكة العربية السعودية'
    when 'AE' then 'united arab emirates emirati uae الإمارات إماراتي'
    when 'KW' then 'kuwait kuwaiti الكويت كويتي'
    when 'QA' then 'qatar qatari قطر قطري'
    when 'BH' then 'bahrain bahraini البحرين بحريني'
    when 'OM' then 'oman omani عمان عماني'
    when 'YE' then 'yemen yemeni اليمن يمني'
    when 'JO' then 'jordan jordanian الأردن أردني'
    when 'LB' then 'lebanon lebanese لبنان لبناني'
    when 'SY' then 'syria syrian سوريا سوري'
    when 'IQ' then 'iraq iraqi العراق عراقي'
    when 'PS' then 'palestine palestinian فلسطين فلسطيني'
    when 'EG' then 'egypt egyptian مصر مصري'
    when 'SD' then 'sudan sudanese السودان سوداني'
    when 'MA' then 'morocco moroccan المغرب مغربي'
    when 'TN' then 'tunisia tunisian تونس تونسي'
    when 'DZ' then 'algeria algerian الجزائر جزائري'
    when 'TR' then 'turkey turkish türkiye تركيا تركي'
    when 'IN' then 'india indian الهند هندي'
    when 'PK' then 'pakistan pakistani باكستان باكستاني'
    when 'BD' then 'bangladesh bangladeshi بنغلاديش بنغلاديشي'
    when 'ID' then 'indonesia indonesian إندونيسيا إندونيسي'
    when 'MY' then 'malaysia malaysian ماليزيا ماليزي'
    when 'PH' then 'philippines filipino الفلبين فلبيني'
    when 'GB' then 'united kingdom british uk england المملكة المتحدة بريطانيا بريطاني'
    when 'US' then 'united states american usa الولايات المتحدة أمريكا أمريكي'
    when 'CA' then 'canada canadian كندا كندي'
    when 'FR' then 'france french فرنسا فرنسي'
    when 'DE' then 'germany german ألمانيا ألماني'
    when 'IT' then 'italy italian إيطاليا إيطالي'
    when 'ES' then 'spain spanish إسبانيا إسباني'
    when 'CN' then 'china chinese الصين صيني'
    else ''
  end
$$;
grant execute on function private.nationality_search_terms(text) to authenticated, service_role;

-- Everything a search may match, folded: name, e-mail, the phone as stored (+9665…), as digits
-- (9665…) and in the local form (05…), the nationality code and its names.
create function private.client_search_text(name text, email text, phone text, nationality text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select private.fold_search(concat_ws(' ',
    name, email, phone,
    regexp_replace(coalesce(phone, ''), '\D', '', 'g'),
    case when phone like '+966%' then '0' || substr(regexp_replace(phone, '\D', '', 'g'), 4) end,
    nationality, private.nationality_search_terms(nationality)))
$$;
grant execute on function private.client_search_text(text, text, text, text) to authenticated, service_role;

alter table public.clients
  add column search_text text generated always as (private.client_search_text(name, email, phone, nationality)) stored;
comment on column public.clients.search_text is 'Folded name, e-mail, phone forms and nationality names; searched by search_clients().';
-- Trigram index: serves LIKE '%…%' on any fragment and the word-similarity (<%) typo match.
create index clients_search_text_trgm_idx on public.clients using gin (search_text extensions.gin_trgm_ops);
-- The list's other sort orders.
create index clients_organization_name_idx on public.clients (organization_id, name);
create index clients_organization_member_since_idx on public.clients (organization_id, member_since desc);

-- One page of the caller's clients matching `search` (every word must appear, or the whole
-- query must be a close word match), newest first unless asked otherwise, with the total count.
-- SECURITY INVOKER: row-level security decides what the caller may see.
create function public.search_clients(
  search text default null,
  vip_only boolean default false,
  sort text default 'created_at',
  ascending boolean default false,
  page_limit integer default 25,
  page_offset integer default 0
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_variable
declare
  folded text := private.fold_search(search);
  digits text := regexp_replace(coalesce(search, ''), '\D', '', 'g');
  words text[];
  patterns text[] := '{}';
  word text;
  conditions text := 'c.organization_id = private.current_org_id()';
  order_column text;
  result jsonb;
  total bigint;
begin
  if page_limit is null or page_limit < 1 or page_limit > 10000 or page_offset is null or page_offset < 0 then
    perform private.fail('Please check your input and try again.', 'page_invalid', '22023');
  end if;
  order_column := case sort
    when 'name' then 'c.name'
    when 'member_since' then 'c.member_since'
    when 'nationality' then 'c.nationality'
    else 'c.created_at' end;

  if folded <> '' then
    -- A phone typed with spaces or a +966 prefix: match its digits against the stored forms.
    -- Digits must match exactly: a similar phone number is a different person.
    if folded ~ '^[+0-9 ()]+$' and length(digits) >= 3 then
      words := array[digits];
    else
      words := (select array_agg(w) from unnest(string_to_array(folded, ' ')) w where w <> '');
    end if;
    foreach word in array words[1:6] loop
      patterns := patterns || ('%' || replace(replace(replace(word, '\', '\\'), '%', '\%'), '_', '\_') || '%');
    end loop;
    conditions := conditions || ' and ((' ||
      (select string_agg(format('c.search_text like $1[%s]', i), ' and ') from generate_subscripts(patterns, 1) i) || ')';
    -- Spelling tolerance (محمد / محمّد are already folded; Mohammed / Mohamed are not): a close
    -- word match of the whole query, only when it is long enough to mean something.
    if length(folded) >= 4 and folded ~ '[[:alpha:]]' then
      conditions := conditions || ' or $2 operator(extensions.<%) c.search_text';
    end if;
    conditions := conditions || ')';
  end if;
  if vip_only then
    conditions := conditions || ' and c.is_vip';
  end if;

  execute format('select count(*) from public.clients c where %s', conditions) into total using patterns, folded;
  execute format(
    $q$select coalesce(jsonb_agg(to_jsonb(p) - 'search_text' order by p.ord), '[]'::jsonb) from (
         select c.*, row_number() over () as ord,
                (select count(*) from public.bookings b where b.client_id = c.id
                   and b.organization_id = c.organization_id) as bookings_count
         from (select c.* from public.clients c where %s
               order by %s %s nulls last, c.id %s limit %s offset %s) c) p$q$,
    conditions, order_column, case when ascending then 'asc' else 'desc' end,
    case when ascending then 'asc' else 'desc' end, page_limit, page_offset)
  into result using patterns, folded;

  return jsonb_build_object('total', total, 'rows', result);
end;
$$;
comment on function public.search_clients is 'A page of clients matching a folded Arabic/English search, with the total count.';
revoke all on function public.search_clients from public;
grant execute on function public.search_clients to authenticated, service_role;

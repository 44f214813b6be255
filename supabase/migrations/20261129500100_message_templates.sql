-- Message templates (issue 16): the texts of the organisation's automatic guest messages (one per
-- guest notice kind) and the ready-made texts of the Inbox composer (kind null), in English and
-- Arabic, with {{variables}} the server fills for a booking (render_message_template, 20261129500600).
--
--   * Variables are written {{name}}; private.message_variables() is the one list (the app keeps the
--     same list in src/lib/message-variables.ts). A trigger refuses any other name with HTTP 400,
--     hint template_unknown_variable and a message naming it, so a typo never reaches a guest.
--   * whatsapp_template_name: the name of the template approved in WhatsApp Manager, used outside
--     the 24-hour customer-service window; whatsapp_params: the variables filling its {{1}}, {{2}}….
--   * Every organisation gets the defaults (private.message_template_defaults(): one per automatic
--     kind, worded as guest-notify's own texts, plus three composer templates) when it is created,
--     and the existing ones now.

-- The variable names a template may use, in the order the editor lists them.
create function private.message_variables()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['guest_name', 'unit_name', 'check_in_date', 'check_out_date', 'check_in_time', 'check_out_time',
               'address', 'map_link', 'door_code', 'wifi_name', 'wifi_password', 'total', 'invoice_link',
               'review_link', 'booking_reference', 'organization_name']
$$;
comment on function private.message_variables() is
  'The {{variables}} a message template may use (same list as src/lib/message-variables.ts).';
grant execute on function private.message_variables() to authenticated, service_role;

-- The variable names used in a text that are not known, each once in order of appearance ({{ x }}
-- with inner spaces counts as x; an empty {{}} is unknown too).
create function private.unknown_message_variables(body text)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(v.name order by v.first), '{}')
  from (select m.name, min(m.n) as first
        from (select btrim(x.match[1]) as name, x.n
              from regexp_matches(coalesce(body, ''), '\{\{([^{}]*)\}\}', 'g') with ordinality as x(match, n)) m
        where not (m.name = any (private.message_variables()))
        group by m.name) v
$$;
comment on function private.unknown_message_variables(text) is
  'The unknown {{variable}} names in a text (each once, in order); empty when the text is valid.';
grant execute on function private.unknown_message_variables(text) to authenticated, service_role;

create table public.message_templates (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 80),
  kind public.guest_notice_kind,
  subject_en text check (subject_en is null or length(subject_en) <= 200),
  subject_ar text check (subject_ar is null or length(subject_ar) <= 200),
  body_en text not null check (length(btrim(body_en)) between 1 and 2000),
  body_ar text not null check (length(btrim(body_ar)) between 1 and 2000),
  whatsapp_template_name text check (whatsapp_template_name is null or whatsapp_template_name ~ '^[a-z0-9_]{1,512}$'),
  whatsapp_params text[] not null default '{}' check (cardinality(whatsapp_params) <= 20),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint message_templates_organization_id_id_key unique (organization_id, id),
  constraint message_templates_name_key unique (organization_id, name)
);
comment on table public.message_templates is
  'Message texts in English and Arabic with {{variables}}: kind set = the text of that automatic guest message; kind null = a composer template.';
comment on column public.message_templates.kind is 'The automatic message this is the text of (one per organisation and kind), or null for a composer template.';
comment on column public.message_templates.whatsapp_template_name is 'The template name approved in WhatsApp Manager, sent outside the 24-hour window.';
comment on column public.message_templates.whatsapp_params is 'The variables filling {{1}}, {{2}}… of the approved WhatsApp template, in order.';
-- One text per automatic kind.
create unique index message_templates_org_kind_key on public.message_templates (organization_id, kind) where kind is not null;

create trigger message_templates_touch before update on public.message_templates
  for each row execute function private.touch_updated_at();

-- Refuses unknown variables (in the bodies, the subjects and the WhatsApp parameters) with the
-- name in the message: 'Unknown template variable: {{x}}' (PT400, template_unknown_variable).
create function private.message_templates_check()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  unknown text[];
begin
  unknown := private.unknown_message_variables(
    concat_ws(' ', new.body_en, new.body_ar, new.subject_en, new.subject_ar));
  if cardinality(unknown) = 0 then
    select coalesce(array_agg(p.name), '{}') into unknown
      from unnest(new.whatsapp_params) as p(name)
     where not (p.name = any (private.message_variables()));
  end if;
  if cardinality(unknown) > 0 then
    perform private.fail(format('Unknown template variable: {{%s}}', unknown[1]), 'template_unknown_variable', 'PT400');
  end if;
  new.name := btrim(new.name);
  new.subject_en := nullif(btrim(coalesce(new.subject_en, '')), '');
  new.subject_ar := nullif(btrim(coalesce(new.subject_ar, '')), '');
  new.whatsapp_template_name := nullif(btrim(coalesce(new.whatsapp_template_name, '')), '');
  return new;
end;
$$;
comment on function private.message_templates_check() is
  'BEFORE INSERT / UPDATE trigger on message_templates: refuses an unknown {{variable}} (HTTP 400, template_unknown_variable) and trims the texts.';
revoke all on function private.message_templates_check() from public;

create trigger message_templates_check before insert or update on public.message_templates
  for each row execute function private.message_templates_check();

alter table public.message_templates enable row level security;

-- Staff holding messages.read read their organisation's templates (the composer lists them); the
-- super administrator reads all.
create policy message_templates_select on public.message_templates for select to authenticated
  using (organization_id = any ((select private.readable_org_ids('messages.read'))::uuid[]));
-- Holders of settings.manage add templates to their own organisation.
create policy message_templates_insert on public.message_templates for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('settings.manage')));
-- Holders of settings.manage edit their organisation's templates; a template stays in its organisation.
create policy message_templates_update on public.message_templates for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('settings.manage')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of settings.manage delete their organisation's templates (an automatic kind without a
-- template falls back to guest-notify's own wording).
create policy message_templates_delete on public.message_templates for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('settings.manage')));

grant select, insert, update, delete on public.message_templates to authenticated;
grant all on public.message_templates to service_role;

-- The default templates of an organisation: one per automatic kind (worded as guest-notify's own
-- texts, supabase/functions/guest-notify/compose.ts) and three for the composer.
create function private.message_template_defaults(
  out name text, out kind public.guest_notice_kind, out subject_en text, out subject_ar text,
  out body_en text, out body_ar text)
returns setof record
language sql
immutable
set search_path = ''
as $$
  select * from (values
    ('Booking request received', 'request_received'::public.guest_notice_kind,
     'Booking request {{booking_reference}} received – {{organization_name}}',
     'استلمنا طلب حجزك {{booking_reference}} – {{organization_name}}',
     '{{organization_name}}: we received your booking request {{booking_reference}} for {{unit_name}}, {{check_in_date}} – {{check_out_date}}. The host will confirm or decline it shortly.',
     '{{organization_name}}: استلمنا طلب حجزك رقم {{booking_reference}} في {{unit_name}} من {{check_in_date}} إلى {{check_out_date}}، وسيرد عليك المضيف بالتأكيد أو الاعتذار قريبًا.'),
    ('Booking request confirmed', 'request_confirmed',
     'Your booking {{booking_reference}} is confirmed – {{organization_name}}',
     'تم تأكيد حجزك {{booking_reference}} – {{organization_name}}',
     '{{organization_name}}: your booking {{booking_reference}} at {{unit_name}} is confirmed. Check in {{check_in_date}} from {{check_in_time}}, check out {{check_out_date}} by {{check_out_time}}.',
     '{{organization_name}}: تم تأكيد حجزك رقم {{booking_reference}} في {{unit_name}}. الوصول {{check_in_date}} من الساعة {{check_in_time}}، والمغادرة {{check_out_date}} حتى الساعة {{check_out_time}}.'),
    ('Booking request declined', 'request_declined',
     'Your booking request {{booking_reference}} was declined – {{organization_name}}',
     'تعذّر قبول طلب حجزك {{booking_reference}} – {{organization_name}}',
     '{{organization_name}}: sorry, the host could not accept your booking request {{booking_reference}} for {{unit_name}}, {{check_in_date}} – {{check_out_date}}. The hold on the dates has been released.',
     '{{organization_name}}: نعتذر، لم يتمكن المضيف من قبول طلب حجزك رقم {{booking_reference}} في {{unit_name}} من {{check_in_date}} إلى {{check_out_date}}، وأُلغي الحجز المؤقت للتواريخ.'),
    ('Booking request lapsed', 'request_expired',
     'Your booking request {{booking_reference}} lapsed – {{organization_name}}',
     'انتهت مهلة طلب حجزك {{booking_reference}} – {{organization_name}}',
     '{{organization_name}}: your booking request {{booking_reference}} for {{unit_name}}, {{check_in_date}} – {{check_out_date}}, lapsed before the host confirmed it, and the dates are free again. Nothing was charged.',
     '{{organization_name}}: انتهت مهلة طلب حجزك رقم {{booking_reference}} في {{unit_name}} من {{check_in_date}} إلى {{check_out_date}} قبل أن يؤكده المضيف، وأصبحت التواريخ متاحة من جديد. لم يُخصم منك أي مبلغ.'),
    ('Review request', 'review_link',
     'How was your stay at {{unit_name}}? – {{organization_name}}',
     'كيف كانت إقامتك في {{unit_name}}؟ – {{organization_name}}',
     '{{organization_name}}: thank you for staying at {{unit_name}}, {{guest_name}}. How was it? Rate your stay (a single-use link, valid for 30 days): {{review_link}}',
     '{{organization_name}}: شكرًا لإقامتك في {{unit_name}} يا {{guest_name}}. يسعدنا أن تقيّم إقامتك وتشاركنا رأيك (الرابط لمرة واحدة وصالح 30 يومًا): {{review_link}}'),
    ('Door code', 'door_code',
     'Your door code for {{unit_name}} – {{organization_name}}',
     'رمز الدخول إلى {{unit_name}} – {{organization_name}}',
     '{{organization_name}}: your door code for {{unit_name}} is {{door_code}}. It opens the door from check-in on {{check_in_date}} ({{check_in_time}}) until check-out on {{check_out_date}} ({{check_out_time}}). Please keep it to yourself.',
     '{{organization_name}}: رمز الدخول إلى {{unit_name}} هو {{door_code}}، ويفتح الباب من وقت الوصول {{check_in_date}} ({{check_in_time}}) حتى وقت المغادرة {{check_out_date}} ({{check_out_time}}). الرمز خاص بإقامتك، فلا تشاركه مع أحد.'),
    ('Booking confirmed', 'booking_confirmed',
     'Your booking {{booking_reference}} is confirmed – {{organization_name}}',
     'تم تأكيد حجزك {{booking_reference}} – {{organization_name}}',
     '{{organization_name}}: hello {{guest_name}}, your booking {{booking_reference}} at {{unit_name}} is confirmed: check in {{check_in_date}} from {{check_in_time}}, check out {{check_out_date}} by {{check_out_time}}. Total: {{total}}.',
     '{{organization_name}}: مرحبًا {{guest_name}}، تم تأكيد حجزك رقم {{booking_reference}} في {{unit_name}}: الوصول {{check_in_date}} من الساعة {{check_in_time}}، والمغادرة {{check_out_date}} حتى الساعة {{check_out_time}}. الإجمالي: {{total}}.'),
    ('Before arrival', 'pre_arrival',
     'Your stay at {{unit_name}} is coming up – {{organization_name}}',
     'موعد إقامتك في {{unit_name}} يقترب – {{organization_name}}',
     '{{organization_name}}: hello {{guest_name}}, we look forward to welcoming you at {{unit_name}} on {{check_in_date}} from {{check_in_time}}. Address: {{address}} {{map_link}} Door code: {{door_code}}. Wi-Fi: {{wifi_name}} / {{wifi_password}}.',
     '{{organization_name}}: مرحبًا {{guest_name}}، ننتظرك في {{unit_name}} يوم {{check_in_date}} من الساعة {{check_in_time}}. العنوان: {{address}} {{map_link}} رمز الدخول: {{door_code}}. الواي فاي: {{wifi_name}} / {{wifi_password}}.'),
    ('Check-in day', 'check_in_day',
     'Welcome to {{unit_name}} – {{organization_name}}',
     'أهلًا بك في {{unit_name}} – {{organization_name}}',
     '{{organization_name}}: welcome, {{guest_name}}! {{unit_name}} is ready for you from {{check_in_time}} today. Directions: {{map_link}}. Message us here if you need anything.',
     '{{organization_name}}: أهلًا بك يا {{guest_name}}! {{unit_name}} جاهز لاستقبالك اليوم من الساعة {{check_in_time}}. الموقع: {{map_link}}. راسلنا هنا إذا احتجت أي شيء.'),
    ('Check-out day', 'check_out_day',
     'Check-out today at {{check_out_time}} – {{organization_name}}',
     'المغادرة اليوم الساعة {{check_out_time}} – {{organization_name}}',
     '{{organization_name}}: good morning {{guest_name}}, a reminder that check-out from {{unit_name}} is today by {{check_out_time}}. Thank you for staying with us.',
     '{{organization_name}}: صباح الخير يا {{guest_name}}، نذكّرك بأن موعد المغادرة من {{unit_name}} اليوم حتى الساعة {{check_out_time}}. شكرًا لإقامتك معنا.'),
    ('Invoice issued', 'invoice_issued',
     'Your invoice from {{organization_name}}',
     'فاتورتك من {{organization_name}}',
     '{{organization_name}}: hello {{guest_name}}, your invoice for booking {{booking_reference}} is ready. Total: {{total}}. {{invoice_link}}',
     '{{organization_name}}: مرحبًا {{guest_name}}، فاتورة حجزك رقم {{booking_reference}} جاهزة. الإجمالي: {{total}}. {{invoice_link}}'),
    ('Invoice overdue', 'invoice_overdue',
     'Payment reminder – {{organization_name}}',
     'تذكير بالسداد – {{organization_name}}',
     '{{organization_name}}: hello {{guest_name}}, a friendly reminder that your invoice for booking {{booking_reference}} ({{total}}) is past its due date. {{invoice_link}}',
     '{{organization_name}}: مرحبًا {{guest_name}}، نذكّرك بلطف بأن فاتورة حجزك رقم {{booking_reference}} ({{total}}) تجاوزت تاريخ استحقاقها. {{invoice_link}}'),
    ('Welcome', null,
     'Welcome – {{organization_name}}',
     'أهلًا بك – {{organization_name}}',
     'Hello {{guest_name}}, welcome to {{unit_name}}! We hope you enjoy your stay. Wi-Fi: {{wifi_name}} / {{wifi_password}}. Message us here if you need anything.',
     'مرحبًا {{guest_name}}، أهلًا بك في {{unit_name}}! نتمنى لك إقامة طيبة. الواي فاي: {{wifi_name}} / {{wifi_password}}. راسلنا هنا إذا احتجت أي شيء.'),
    ('Directions', null,
     'How to find {{unit_name}}',
     'الطريق إلى {{unit_name}}',
     'Hello {{guest_name}}, here is how to find {{unit_name}}: {{address}}. Map: {{map_link}}. Check-in is from {{check_in_time}}.',
     'مرحبًا {{guest_name}}، هذا موقع {{unit_name}}: {{address}}. الخريطة: {{map_link}}. الوصول من الساعة {{check_in_time}}.'),
    ('Checkout reminder', null,
     'Check-out reminder – {{unit_name}}',
     'تذكير بموعد المغادرة – {{unit_name}}',
     'Hello {{guest_name}}, a reminder that check-out from {{unit_name}} is on {{check_out_date}} by {{check_out_time}}. Please leave the keys inside and close the door behind you. Thank you!',
     'مرحبًا {{guest_name}}، نذكّرك بأن موعد المغادرة من {{unit_name}} يوم {{check_out_date}} حتى الساعة {{check_out_time}}. نرجو ترك المفاتيح في الداخل وإغلاق الباب خلفك. شكرًا لك!')
  ) as t(name, kind, subject_en, subject_ar, body_en, body_ar)
$$;
comment on function private.message_template_defaults() is
  'The default message templates of an organisation: one per automatic guest notice kind and three composer templates (Welcome, Directions, Checkout reminder).';
revoke all on function private.message_template_defaults() from public;

-- Gives an organisation the default templates it lacks (by kind, and by name for composer ones).
create function private.add_default_message_templates(org uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.message_templates (organization_id, name, kind, subject_en, subject_ar, body_en, body_ar)
  select org, d.name, d.kind, d.subject_en, d.subject_ar, d.body_en, d.body_ar
  from private.message_template_defaults() d
  where not exists (select 1 from public.message_templates t
                    where t.organization_id = org and (t.kind = d.kind or t.name = d.name))
$$;
comment on function private.add_default_message_templates(uuid) is
  'Adds the default message templates an organisation does not have yet (new organisations, backfill).';
revoke all on function private.add_default_message_templates(uuid) from public;

create function private.organizations_message_templates()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_default_message_templates(new.id);
  return null;
end;
$$;
comment on function private.organizations_message_templates() is
  'AFTER INSERT trigger on organizations: the organisation''s default message templates.';
revoke all on function private.organizations_message_templates() from public;

create trigger organizations_message_templates after insert on public.organizations
  for each row execute function private.organizations_message_templates();

-- Existing organisations get them now.
select private.add_default_message_templates(o.id) from public.organizations o;

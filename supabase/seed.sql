-- Demo data for local mode (DESIGN §5): five accounts, two organisations with realistic Saudi
-- data in Arabic and English. Dates are relative to now(), so the demo always looks current:
-- bookings run from 60 days ago to 60 days ahead, never overlapping per unit.
--
-- Accounts (phone OTP; config.toml [auth.sms.test_otp] fixes the code 123456):
--   +966500000000 super administrator        +966500000003 team member of org 1
--   +966500000001 owner of org 1 (demo)      +966500000004 cleaning vendor working for org 1
--   +966500000002 owner of org 2 (second)
--
-- Runs as the migration role without a request JWT, so the database treats it as trusted
-- (private.is_trusted()) — but every derived number (totals, VAT, balances, statuses, invoice
-- numbers, references) is still computed by the same triggers the app goes through.

select setseed(0.4242);
-- The bookings below are demo history: their guests are not sent the notices a new request or a
-- check-out would send them (private.bookings_guest_notice). Reset at the end of this file.
select set_config('nuzl.seeding', 'on', false);

-- ---------------------------------------------------------------------------------------
-- Accounts: auth.users + auth.identities as GoTrue stores phone users on hosted Supabase
-- (phone without '+', confirmed; empty strings, not NULLs, in GoTrue's token columns).
-- ---------------------------------------------------------------------------------------
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, phone, phone_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change, phone_change,
  phone_change_token, email_change_token_current, reauthentication_token, is_sso_user, is_anonymous
)
select '00000000-0000-0000-0000-000000000000', a.id, 'authenticated', 'authenticated', null, '', a.phone, now(),
       a.app_meta, jsonb_build_object('full_name', a.full_name), now() - interval '200 days', now(),
       '', '', '', '', '', '', '', '', false, false
from (values
  ('10000000-0000-4000-8000-000000000000'::uuid, '966500000000', 'Nuzl Platform Admin',
   '{"provider":"phone","providers":["phone"],"role":"super_admin"}'::jsonb),
  ('10000000-0000-4000-8000-000000000001'::uuid, '966500000001', 'Abdullah Al-Qahtani',
   '{"provider":"phone","providers":["phone"]}'::jsonb),
  ('10000000-0000-4000-8000-000000000002'::uuid, '966500000002', 'Noura Al-Harbi',
   '{"provider":"phone","providers":["phone"]}'::jsonb),
  ('10000000-0000-4000-8000-000000000003'::uuid, '966500000003', 'Faisal Al-Otaibi',
   '{"provider":"phone","providers":["phone"]}'::jsonb),
  ('10000000-0000-4000-8000-000000000004'::uuid, '966500000004', 'Sparkle Cleaning Crew',
   '{"provider":"phone","providers":["phone"]}'::jsonb)
) as a(id, phone, full_name, app_meta);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'phone', u.phone, 'email_verified', false, 'phone_verified', true),
       'phone', null, u.created_at, u.created_at
from auth.users u
where u.id in ('10000000-0000-4000-8000-000000000000', '10000000-0000-4000-8000-000000000001',
               '10000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000003',
               '10000000-0000-4000-8000-000000000004');

-- ---------------------------------------------------------------------------------------
-- Organisations, built-in roles, profiles, role assignments (what create_organization() does).
-- ---------------------------------------------------------------------------------------
insert into public.organizations (
  id, name, name_ar, slug, subscription_plan, billing_cycle, default_timezone, default_currency, country,
  vat_number, commercial_registration, address_street, address_building_number, address_additional_number,
  address_district, address_city, address_region, address_postal_code, owner_id, created_at, legal_name_ar, legal_name_en
) values
  ('20000000-0000-4000-8000-000000000001', 'Nuzl Demo Stays', 'نُزُل للإقامات', 'demo', 'enterprise', 'yearly',
   'Asia/Riyadh', 'SAR', 'SA', '310123456700003', '1010123456', 'King Fahd Road', '7235', '4412',
   'Al Olaya', 'Riyadh', 'Riyadh Province', '12214', '10000000-0000-4000-8000-000000000001', now() - interval '200 days',
   'شركة نزل للإقامات القصيرة', 'Nuzl Short Stays Company'),
  ('20000000-0000-4000-8000-000000000002', 'Second Homes', 'البيوت الثانية', 'second', 'advanced', 'monthly',
   'Asia/Riyadh', 'SAR', 'SA', '300987654300003', '4030987654', 'Prince Sultan Road', '3120', '8821',
   'Al Rawdah', 'Jeddah', 'Makkah Province', '23435', '10000000-0000-4000-8000-000000000002', now() - interval '150 days',
   'مؤسسة البيوت الثانية للشقق المخدومة', null);

insert into public.einvoicing_chains (organization_id)
values ('20000000-0000-4000-8000-000000000001'), ('20000000-0000-4000-8000-000000000002');

select private.create_system_roles('20000000-0000-4000-8000-000000000001');
select private.create_system_roles('20000000-0000-4000-8000-000000000002');

insert into public.profiles (user_id, organization_id, kind, full_name, phone, email, preferred_language, status, last_login_at, created_at)
values
  ('10000000-0000-4000-8000-000000000000', null, 'platform', 'Nuzl Platform Admin', '+966500000000',
   'admin@nuzl.example', 'en', 'active', now() - interval '1 day', now() - interval '200 days'),
  ('10000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000001', 'staff', 'Abdullah Al-Qahtani',
   '+966500000001', 'abdullah@demo.nuzl.example', 'ar', 'active', now() - interval '2 hours', now() - interval '200 days'),
  ('10000000-0000-4000-8000-000000000002', '20000000-0000-4000-8000-000000000002', 'staff', 'نورة الحربي',
   '+966500000002', 'noura@second.nuzl.example', 'ar', 'active', now() - interval '3 days', now() - interval '150 days'),
  ('10000000-0000-4000-8000-000000000003', '20000000-0000-4000-8000-000000000001', 'staff', 'Faisal Al-Otaibi',
   '+966500000003', 'faisal@demo.nuzl.example', 'en', 'active', now() - interval '5 hours', now() - interval '120 days'),
  ('10000000-0000-4000-8000-000000000004', null, 'vendor', 'Sparkle Cleaning Crew', '+966500000004',
   'crew@sparkle.nuzl.example', 'ar', 'active', now() - interval '1 day', now() - interval '100 days');

insert into public.user_roles (organization_id, user_id, role_id, assigned_at)
select r.organization_id, x.user_id, r.id, now() - interval '120 days'
from (values
  ('10000000-0000-4000-8000-000000000001'::uuid, '20000000-0000-4000-8000-000000000001'::uuid, 'admin'),
  ('10000000-0000-4000-8000-000000000002'::uuid, '20000000-0000-4000-8000-000000000002'::uuid, 'admin'),
  ('10000000-0000-4000-8000-000000000003'::uuid, '20000000-0000-4000-8000-000000000001'::uuid, 'member')
) as x(user_id, org, role_key)
join public.roles r on r.organization_id = x.org and r.key = x.role_key;

-- A custom role in org 1 (SPEC §6: custom roles with chosen permissions).
insert into public.roles (id, organization_id, name, description)
values ('30000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000001', 'Accountant',
        'محاسب — invoices, payments and reports');
insert into public.role_permissions (role_id, organization_id, permission)
select '30000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000001', p
from unnest(array['invoices.read', 'invoices.write', 'payments.read', 'payments.write', 'reports.view',
                  'clients.read', 'bookings.read']) as p;

insert into public.invitations (organization_id, email, role_id, invited_by, created_at)
select '20000000-0000-4000-8000-000000000001', 'sara.alghamdi@demo.nuzl.example', r.id,
       '10000000-0000-4000-8000-000000000001', now() - interval '2 days'
from public.roles r where r.organization_id = '20000000-0000-4000-8000-000000000001' and r.key = 'manager';

-- ---------------------------------------------------------------------------------------
-- Vendors: the marketplace, the vendors each organisation works with, the vendor account.
-- ---------------------------------------------------------------------------------------
insert into public.vendors (id, name, name_ar, categories, services, description, phone, email, city, rating, reviews_count, verified, verified_at, created_at)
values
  ('40000000-0000-4000-8000-000000000001', 'Sparkle Cleaning Co.', 'شركة لمعان للتنظيف', '{cleaning}',
   '{"Turnover cleaning","Deep cleaning","Linen change"}', 'Hotel-standard turnover cleaning across Riyadh.',
   '+966500000004', 'crew@sparkle.nuzl.example', 'Riyadh', 4.8, 126, true, now() - interval '90 days', now() - interval '100 days'),
  ('40000000-0000-4000-8000-000000000002', 'Al Noor Maintenance', 'النور للصيانة', '{maintenance}',
   '{"AC repair","Plumbing","Electrical"}', 'Air-conditioning, plumbing and electrical repairs, 24/7.',
   '+966551234501', 'service@alnoor.example', 'Riyadh', 4.5, 88, true, now() - interval '80 days', now() - interval '95 days'),
  ('40000000-0000-4000-8000-000000000003', 'Red Sea Housekeeping', 'البحر الأحمر للتدبير المنزلي', '{cleaning}',
   '{"Housekeeping","Laundry"}', 'Housekeeping and laundry for Jeddah apartments.',
   '+966551234502', 'hello@redsea-hk.example', 'Jeddah', 4.2, 41, true, now() - interval '60 days', now() - interval '70 days'),
  ('40000000-0000-4000-8000-000000000004', 'Desert Ride Transport', 'رحلة الصحراء للنقل', '{transportation}',
   '{"Airport pickup","AlUla tours"}', 'Airport transfers and day trips in AlUla.',
   '+966551234503', 'book@desertride.example', 'AlUla', 4.6, 57, false, null, now() - interval '40 days'),
  ('40000000-0000-4000-8000-000000000005', 'Hemaya Security', 'حماية للأمن', '{security}',
   '{"Event security","Night guard"}', 'Licensed guards for wedding halls and events.',
   '+966551234504', 'ops@hemaya.example', 'Riyadh', 4.0, 12, false, null, now() - interval '20 days'),
  ('40000000-0000-4000-8000-000000000006', 'Asir Fix & Build', 'عسير للصيانة والبناء', '{maintenance,cleaning}',
   '{"Carpentry","Painting","Post-renovation cleaning"}', 'Small works and post-renovation cleaning in Abha.',
   '+966551234505', 'team@asirfix.example', 'Abha', 4.3, 23, true, now() - interval '30 days', now() - interval '45 days');

insert into public.organization_vendors (organization_id, vendor_id, notes, added_at) values
  ('20000000-0000-4000-8000-000000000001', '40000000-0000-4000-8000-000000000001', 'Preferred turnover cleaner', now() - interval '90 days'),
  ('20000000-0000-4000-8000-000000000001', '40000000-0000-4000-8000-000000000002', 'AC and plumbing', now() - interval '85 days'),
  ('20000000-0000-4000-8000-000000000001', '40000000-0000-4000-8000-000000000004', 'AlUla guest transfers', now() - interval '30 days'),
  ('20000000-0000-4000-8000-000000000002', '40000000-0000-4000-8000-000000000003', 'تنظيف شقق جدة', now() - interval '60 days');

insert into public.vendor_members (vendor_id, user_id)
values ('40000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000004');

-- ---------------------------------------------------------------------------------------
-- Units: 12 for org 1 (enterprise) across the Kingdom, 2 for org 2 (advanced plan limit).
-- ---------------------------------------------------------------------------------------
insert into public.units (
  id, organization_id, name, name_ar, type, description, description_ar, price_per_night, max_guests, bedrooms,
  bathrooms, area_sqm, address_street, address_city, address_region, address_postal_code, amenities,
  check_in_time, check_out_time, cleaning_fee, security_deposit, latitude, longitude, smart_lock_id,
  lock_mac_address, lock_gateway_id, lock_account_username, created_at
)
select ('50000000-0000-4000-8000-0000000000' || lpad(u.n::text, 2, '0'))::uuid, u.org::uuid, u.name, u.name_ar,
       u.type::public.unit_type, u.descr, u.descr_ar, u.price, u.guests, u.beds, u.baths, u.area, u.street, u.city,
       u.region, u.postal, u.amenities::public.amenity[], u.cin::time, u.cout::time, u.cleaning, u.deposit, u.lat, u.lng,
       u.lock_id, u.lock_mac, u.gateway, case when u.lock_id is not null then 'demo-ttlock' end,
       now() - make_interval(days => 190 - u.n)
from (values
  (1, '20000000-0000-4000-8000-000000000001', 'Olaya Skyline Apartment', 'شقة العليا سكاي لاين', 'apartment',
   'Two-bedroom apartment with a view of Kingdom Centre.', 'شقة بغرفتي نوم بإطلالة على برج المملكة.',
   650.00, 4, 2, 2, 140, 'Olaya Street', 'Riyadh', 'Riyadh Province', '12211',
   '{wifi,parking,kitchen,air_conditioning,tv,elevator,washing_machine}', '15:00', '12:00', 150.00, 500.00, 24.711667, 46.674167,
   'TTL-100201', 'a4:c1:38:2f:10:01', 'GW-RUH-01'),
  (2, '20000000-0000-4000-8000-000000000001', 'Hittin Family Villa', 'فيلا حطين العائلية', 'villa',
   'Private villa with pool and garden in north Riyadh.', 'فيلا خاصة مع مسبح وحديقة شمال الرياض.',
   1800.00, 10, 5, 5, 550, 'Hittin District', 'Riyadh', 'Riyadh Province', '13512',
   '{wifi,parking,kitchen,garden,pool,air_conditioning,tv,washing_machine,dryer,dishwasher}', '16:00', '12:00', 400.00, 2000.00, 24.764722, 46.601667,
   'TTL-100202', 'a4:c1:38:2f:10:02', 'GW-RUH-01'),
  (3, '20000000-0000-4000-8000-000000000001', 'Diplomatic Quarter Studio', 'استوديو الحي الدبلوماسي', 'studio',
   'Quiet studio near the embassies, ideal for business trips.', 'استوديو هادئ قرب السفارات، مثالي لرحلات العمل.',
   380.00, 2, 0, 1, 45, 'Diplomatic Quarter', 'Riyadh', 'Riyadh Province', '12512',
   '{wifi,kitchen,air_conditioning,tv}', '15:00', '11:00', 80.00, 300.00, 24.680278, 46.622500,
   null, null, null),
  (4, '20000000-0000-4000-8000-000000000001', 'Al Malqa Wedding Hall', 'قاعة الملقا للأفراح', 'wedding_hall',
   'Hall for 300 guests with separate majlis and catering kitchen.', 'قاعة تتسع لثلاثمئة ضيف مع مجلس منفصل ومطبخ للضيافة.',
   9500.00, 300, 0, 6, 1200, 'Anas Ibn Malik Road', 'Riyadh', 'Riyadh Province', '13521',
   '{parking,kitchen,air_conditioning,elevator}', '14:00', '23:00', 1500.00, 5000.00, 24.808611, 46.612222,
   null, null, null),
  (5, '20000000-0000-4000-8000-000000000001', 'Corniche Sea View Apartment', 'شقة الكورنيش بإطلالة بحرية', 'apartment',
   'Sea-view apartment on the Jeddah Corniche.', 'شقة مطلة على البحر في كورنيش جدة.',
   750.00, 5, 2, 2, 150, 'Corniche Road', 'Jeddah', 'Makkah Province', '23511',
   '{wifi,parking,kitchen,balcony,beach,air_conditioning,tv,elevator}', '15:00', '12:00', 150.00, 500.00, 21.585000, 39.105278,
   'TTL-100205', 'a4:c1:38:2f:10:05', 'GW-JED-01'),
  (6, '20000000-0000-4000-8000-000000000001', 'Obhur Beach Chalet', 'شاليه أبحر الشاطئي', 'chalet',
   'Beachfront chalet in Obhur with private pool.', 'شاليه على الشاطئ في أبحر مع مسبح خاص.',
   1400.00, 8, 3, 3, 300, 'Obhur North', 'Jeddah', 'Makkah Province', '23816',
   '{wifi,parking,kitchen,beach,pool,garden,air_conditioning,tv}', '16:00', '12:00', 300.00, 1500.00, 21.745833, 39.118056,
   null, null, null),
  (7, '20000000-0000-4000-8000-000000000001', 'AlUla Desert Villa', 'فيلا العلا الصحراوية', 'villa',
   'Villa among the sandstone cliffs, 15 minutes from Hegra.', 'فيلا بين الجبال الرملية على بعد ١٥ دقيقة من الحجر.',
   2200.00, 8, 4, 4, 420, 'Ashar Valley', 'AlUla', 'Madinah Province', '43544',
   '{wifi,parking,kitchen,garden,pool,air_conditioning,heating,tv}', '15:00', '12:00', 450.00, 2000.00, 26.616667, 37.916667,
   'TTL-100207', 'a4:c1:38:2f:10:07', 'GW-ULA-01'),
  (8, '20000000-0000-4000-8000-000000000001', 'Old Town AlUla Studio', 'استوديو البلدة القديمة بالعلا', 'studio',
   'Mud-brick style studio near AlUla Old Town.', 'استوديو بطراز الطين قرب البلدة القديمة في العلا.',
   520.00, 2, 0, 1, 40, 'Old Town Road', 'AlUla', 'Madinah Province', '43541',
   '{wifi,air_conditioning,heating}', '15:00', '11:00', 90.00, 300.00, 26.620556, 37.918889,
   null, null, null),
  (9, '20000000-0000-4000-8000-000000000001', 'Abha Mountain Chalet', 'شاليه أبها الجبلي', 'chalet',
   'Chalet in the Asir mountains with a fireplace and valley view.', 'شاليه في جبال عسير مع مدفأة وإطلالة على الوادي.',
   900.00, 6, 3, 2, 200, 'Al Soudah Road', 'Abha', 'Asir Province', '62521',
   '{wifi,parking,kitchen,garden,heating,tv,pets_allowed}', '14:00', '12:00', 200.00, 800.00, 18.266667, 42.366667,
   'TTL-100209', 'a4:c1:38:2f:10:09', 'GW-AHB-01'),
  (10, '20000000-0000-4000-8000-000000000001', 'Khobar Waterfront Apartment', 'شقة الخبر على الواجهة البحرية', 'apartment',
   'Apartment on the Khobar Corniche, walking distance to cafés.', 'شقة على كورنيش الخبر قريبة من المقاهي.',
   600.00, 4, 2, 2, 130, 'Prince Turki Street', 'Khobar', 'Eastern Province', '34426',
   '{wifi,parking,kitchen,balcony,air_conditioning,tv,elevator,gym}', '15:00', '12:00', 120.00, 500.00, 26.293611, 50.221111,
   null, null, null),
  (11, '20000000-0000-4000-8000-000000000001', 'Half Moon Bay Villa', 'فيلا شاطئ نصف القمر', 'villa',
   'Beach villa at Half Moon Bay with a large garden.', 'فيلا شاطئية في شاطئ نصف القمر بحديقة واسعة.',
   1600.00, 10, 4, 4, 480, 'Half Moon Bay', 'Khobar', 'Eastern Province', '34717',
   '{wifi,parking,kitchen,beach,garden,pool,air_conditioning,tv,washing_machine}', '16:00', '12:00', 350.00, 1500.00, 26.036944, 50.133056,
   null, null, null),
  (12, '20000000-0000-4000-8000-000000000001', 'Taif Rose Garden Villa', 'فيلا حدائق الورد بالطائف', 'villa',
   'Villa among the rose farms of Al Hada.', 'فيلا بين مزارع الورد في الهدا.',
   1100.00, 8, 4, 3, 350, 'Al Hada Road', 'Taif', 'Makkah Province', '26513',
   '{wifi,parking,kitchen,garden,heating,tv}', '15:00', '12:00', 250.00, 1000.00, 21.366667, 40.283333,
   null, null, null),
  (13, '20000000-0000-4000-8000-000000000002', 'Al Rawdah Apartment', 'شقة الروضة', 'apartment',
   'Bright apartment in Al Rawdah, close to Tahlia Street.', 'شقة مشرقة في حي الروضة قرب شارع التحلية.',
   480.00, 4, 2, 1, 110, 'Prince Sultan Road', 'Jeddah', 'Makkah Province', '23435',
   '{wifi,parking,kitchen,air_conditioning,tv,elevator}', '15:00', '12:00', 100.00, 400.00, 21.563889, 39.151944,
   null, null, null),
  (14, '20000000-0000-4000-8000-000000000002', 'Al Narjis Villa', 'فيلا النرجس', 'villa',
   'Modern villa in Al Narjis, north Riyadh.', 'فيلا حديثة في حي النرجس شمال الرياض.',
   1300.00, 8, 4, 4, 400, 'Al Narjis District', 'Riyadh', 'Riyadh Province', '13327',
   '{wifi,parking,kitchen,garden,pool,air_conditioning,tv}', '16:00', '12:00', 250.00, 1000.00, 24.857500, 46.665000,
   null, null, null)
) as u(n, org, name, name_ar, type, descr, descr_ar, price, guests, beds, baths, area, street, city, region, postal,
       amenities, cin, cout, cleaning, deposit, lat, lng, lock_id, lock_mac, gateway);

-- Lock secrets exist for the units with a lock (service-role-only table; demo values).
insert into public.unit_lock_secrets (unit_id, organization_id, account_password, client_id, client_secret)
select u.id, u.organization_id, 'demo-lock-password', 'demo-ttlock-client', 'demo-ttlock-secret'
from public.units u where u.smart_lock_id is not null;
update public.units set lock_credentials_configured = true where smart_lock_id is not null;

-- Photos: two or three per unit, the first one main, as uploads store them ({org}/{unit}/{id}.jpg,
-- a JPEG of at most 1600 px). SQL cannot put bytes into storage, so the files ship in
-- supabase/seed-photos/ (drawn for the demo by `npm run photos`) and the stack uploads that folder
-- into the unit-photos bucket right after this seed (config.toml [storage.buckets.unit-photos]
-- objects_path, as `supabase db reset` does). A photo's id (and file name) ends in unit n × 100 +
-- position, in 12 digits: unit 7's second photo is 60000000-0000-4000-8000-000000000701. Each has
-- its small copy beside it ({id}.w640.jpg, at most 640 px wide: small_path), as uploads store it.
insert into public.unit_photos (id, organization_id, unit_id, storage_path, small_path, position, is_main)
select p.id, u.organization_id, u.id, u.organization_id || '/' || u.id || '/' || p.id || '.jpg',
       u.organization_id || '/' || u.id || '/' || p.id || '.w640.jpg', p.position, p.position = 0
from (values (1, 3), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2), (9, 2), (10, 2), (11, 2), (12, 2),
             (13, 2), (14, 2)) as c(n, photos)
join public.units u on u.id = ('50000000-0000-4000-8000-0000000000' || lpad(c.n::text, 2, '0'))::uuid
cross join lateral (
  select g as position, ('60000000-0000-4000-8000-' || lpad((c.n * 100 + g)::text, 12, '0'))::uuid as id
  from generate_series(0, c.photos - 1) g
) p
order by c.n, p.position;

-- ---------------------------------------------------------------------------------------
-- Clients: 60 for org 1, 12 for org 2 — Saudi citizens (national id) and visitors (passport).
-- ---------------------------------------------------------------------------------------
insert into public.clients (organization_id, name, email, phone, nationality, national_id, passport_number,
                            preferred_language, is_vip, member_since, created_at)
select org, name, email, phone, nationality,
       case when nationality = 'SA' then '1' || lpad((100000000 + n * 7919)::text, 9, '0') end,
       case when nationality <> 'SA' then upper(left(nationality, 1)) || lpad((4000000 + n * 1361)::text, 8, '0') end,
       case when arabic then 'ar' else 'en' end::public.language_code,
       n % 9 = 0, current_date - (n * 5), now() - make_interval(days => n * 5)
from (
  select g as n,
         case when g <= 60 then '20000000-0000-4000-8000-000000000001' else '20000000-0000-4000-8000-000000000002' end::uuid as org,
         g % 3 <> 0 as arabic,
         case when g % 3 <> 0
              then (array['محمد','أحمد','خالد','سارة','نورة','فهد','ريم','عبدالرحمن','لمى','سلطان','هند','تركي'])[1 + g % 12]
                   || ' ' || (array['القحطاني','الغامدي','الشهري','العتيبي','الدوسري','الزهراني','الحربي','المطيري','السبيعي','الشمري'])[1 + (g * 7) % 10]
              else (array['Omar','Layla','Yousef','Aisha','Hamad','Mariam','James','Emma','Karim','Dana','Ali','Sophie'])[1 + g % 12]
                   || ' ' || (array['Al-Saud','Haddad','Smith','Al-Mansouri','Khan','Al-Sabah','Nasser','Brown','Farouk','Al-Rashid'])[1 + (g * 3) % 10]
         end as name,
         case when g % 4 = 0 then 'guest' || g || '@mail.example' end as email,
         '+9665' || lpad((40000000 + g * 104729 % 59999999)::text, 8, '0') as phone,
         (array['SA','SA','SA','SA','SA','AE','KW','EG','GB','US','SA','JO'])[1 + g % 12] as nationality
  from generate_series(1, 72) g
) c;

-- ---------------------------------------------------------------------------------------
-- Bookings: per unit, stays of 1–6 nights with 0–3 free nights between them, from 60 days
-- ago to 60 days ahead. Past stays are checked out (some cancelled), current ones checked in,
-- future ones confirmed or pending (some cancelled).
-- ---------------------------------------------------------------------------------------
do $$
declare
  u record;
  cursor_date date;
  nights integer;
  st public.booking_status;
  src public.booking_source;
  client uuid;
  today date := (now() at time zone 'Asia/Riyadh')::date;
  k integer := 0;
begin
  for u in select * from public.units order by id loop
    cursor_date := today - 60 + floor(random() * 3)::integer;
    while cursor_date < today + 60 loop
      k := k + 1;
      nights := case when u.type = 'wedding_hall' then 1 else 1 + floor(random() * 6)::integer end;
      if cursor_date + nights <= today then
        st := case when random() < 0.1 then 'cancelled' else 'checked_out' end;
      elsif cursor_date <= today then
        st := 'checked_in';
      else
        st := case when random() < 0.08 then 'cancelled' when random() < 0.25 then 'pending' else 'confirmed' end;
      end if;
      src := (array['direct','direct','airbnb','booking_com','other'])[1 + floor(random() * 5)::integer]::public.booking_source;
      select c.id into client from public.clients c where c.organization_id = u.organization_id
        order by md5(c.id::text || k) limit 1;
      insert into public.bookings (organization_id, unit_id, client_id, check_in, check_out, status, source,
                                   guests_count, special_requests, created_at)
      values (u.organization_id, u.id, client, cursor_date, cursor_date + nights, st, src,
              1 + floor(random() * least(u.max_guests, 6))::integer,
              case when k % 7 = 0 then 'Late check-in around midnight, please.'
                   when k % 11 = 0 then 'نرجو تجهيز سرير أطفال.' end,
              now() - make_interval(days => greatest(1, (today - cursor_date) + 5 + floor(random() * 20)::integer)));
      cursor_date := cursor_date + nights + floor(random() * 4)::integer;
    end loop;
  end loop;
end $$;

-- Reports (issue 17): fourteen months of history for org 1's active units, so that the charts have
-- a past and "this month" has the same month last year to compare with — about 150 stays from 14
-- months ago to 65 days ago (the stays above start 60 days ago; none overlap), dense in this
-- month last year and sparse otherwise; 1–6 nights at the unit's price, booked 3–45 days
-- ahead, direct, Airbnb or Booking.com, one in twelve cancelled. Four in ten direct or Booking.com
-- stays booked over 95 days ago have their invoice (issued when booked, in date order) paid at
-- check-in. All in the past, through the same triggers and functions as the app.
create temporary table seed_history_money (
  invoice_id uuid primary key,
  issue_at timestamptz,
  method public.payment_method,
  reference text,
  paid_at timestamptz
);
do $$
declare
  org constant uuid := '20000000-0000-4000-8000-000000000001';
  today date := (now() at time zone 'Asia/Riyadh')::date;
  -- This month, one year ago: busy, so "this month vs the same month last year" has a comparison.
  dense_from date := (date_trunc('month', today) - interval '1 year')::date;
  dense_to date := (date_trunc('month', today) - interval '11 months')::date - 1;
  u record;
  cursor_date date;
  nights integer;
  lead integer;
  src public.booking_source;
  client uuid;
  stay public.bookings;
  inv public.invoices;
  booked_at timestamptz;
  k integer := 0;
begin
  for u in select * from public.units where organization_id = org and is_active order by id loop
    cursor_date := today - 425 + floor(random() * 20)::integer;
    while cursor_date < today - 72 loop
      k := k + 1;
      nights := case when u.type = 'wedding_hall' then 1 else 1 + floor(random() * 6)::integer end;
      lead := 3 + floor(random() * 43)::integer;
      src := (array['direct', 'direct', 'airbnb', 'booking_com', 'booking_com'])[1 + floor(random() * 5)::integer]::public.booking_source;
      booked_at := ((cursor_date - lead)::timestamp + make_interval(hours => 9 + floor(random() * 12)::integer))
                   at time zone 'Asia/Riyadh';
      select c.id into client from public.clients c where c.organization_id = org order by md5(c.id::text || 'h' || k) limit 1;
      insert into public.bookings (organization_id, unit_id, client_id, check_in, check_out, status, source,
                                   guests_count, created_at, cancelled_at, cancellation_reason)
      values (org, u.id, client, cursor_date, cursor_date + nights,
              case when k % 12 = 5 then 'cancelled' else 'checked_out' end::public.booking_status, src,
              1 + floor(random() * least(u.max_guests, 4))::integer, booked_at,
              case when k % 12 = 5 then booked_at + make_interval(days => 1 + lead / 3) end,
              case when k % 12 = 5 then 'Plans changed' end)
      returning * into stay;
      -- Invoiced only when booked over 95 days ago: every document of the money section below is
      -- younger, so numbers keep following dates across both.
      if stay.status <> 'cancelled' and src <> 'airbnb' and booked_at < now() - interval '95 days' and random() < 0.4 then
        inv := public.invoice_from_booking(stay.id, cursor_date, false);
        insert into seed_history_money values
          (inv.id, booked_at + interval '2 hours',
           (array['cash', 'mada', 'bank_transfer', 'apple_pay'])[1 + k % 4]::public.payment_method,
           'PAY-' || substr(stay.booking_reference, 4),
           (cursor_date::timestamp + interval '14 hours') at time zone 'Asia/Riyadh');
      end if;
      cursor_date := cursor_date + nights
        + case when cursor_date + nights between dense_from and dense_to then 1 + floor(random() * 3)::integer
               else 30 + floor(random() * 16)::integer end;
    end loop;
  end loop;
end $$;
-- Issue the history's documents in date order (numbers follow dates), then their payments.
do $$
declare
  p record;
  inv public.invoices;
begin
  for p in select * from seed_history_money order by issue_at, invoice_id loop
    update public.invoices set issued_at = p.issue_at, status = 'pending' where id = p.invoice_id;
  end loop;
  for p in select * from seed_history_money order by paid_at, invoice_id loop
    select * into inv from public.invoices where id = p.invoice_id;
    perform public.record_payment(inv.id, inv.balance_due, p.method, p.reference, null, p.paid_at);
  end loop;
end $$;

-- ---------------------------------------------------------------------------------------
-- Money (issue 11): invoices, notes, payments and refunds in every state, through the same
-- functions and triggers the app goes through. Documents are dated when their stay was booked
-- (a trusted caller may date issued_at) and issued in that order, so numbers follow dates;
-- payments arrive at check-in; corrections (credit and debit notes, refunds, cancellations) are
-- made now. Org 1 shows everything; org 2 only what its bookings give.
-- ---------------------------------------------------------------------------------------
create temporary table seed_money_plan (
  invoice_id uuid primary key,
  issue_at timestamptz,          -- null: stays a draft
  pay_fraction numeric,          -- 1 paid, 0.5 half, 0.3 deposit, null unpaid
  method public.payment_method,
  paid_at timestamptz,
  reference text,
  pay_note text,
  cancel boolean not null default false
);

do $$
declare
  b record;
  inv public.invoices;
  today date := (now() at time zone 'Asia/Riyadh')::date;
  roll double precision;
  booked_at timestamptz;
  checked_in_at timestamptz;
  methods public.payment_method[] := array['cash','bank_transfer','credit_card','mada','apple_pay','stc_pay']::public.payment_method[];
begin
  for b in
    select bk.* from public.bookings bk
    where bk.check_in <= today + 30
      and bk.check_in >= today - 60  -- the stays above (the reports history before them has its own)
    order by bk.check_in, bk.id
  loop
    roll := random();
    -- Invoiced two hours after booking (and before now).
    booked_at := least(b.created_at + interval '2 hours', now() - interval '30 minutes');
    checked_in_at := (b.check_in::timestamp + interval '13 hours') at time zone 'Asia/Riyadh';
    if b.status = 'cancelled' then
      if roll < 0.5 then
        inv := public.invoice_from_booking(b.id, b.check_in, false);
        insert into seed_money_plan (invoice_id, issue_at, cancel) values (inv.id, booked_at, true);
      end if;
      continue;
    end if;
    inv := public.invoice_from_booking(b.id, greatest(b.check_in, booked_at::date), false);
    if b.check_in > today then
      -- Upcoming stays: issued and awaiting payment, a few drafts, some deposits already paid.
      insert into seed_money_plan (invoice_id, issue_at) values (inv.id, case when roll >= 0.2 then booked_at end);
      if roll >= 0.6 then
        update seed_money_plan set pay_fraction = 0.3, method = methods[1 + floor(random() * 6)::integer],
               paid_at = greatest(booked_at + interval '1 hour', now() - interval '2 days'),
               reference = 'DEP-' || left(b.booking_reference, 9), pay_note = 'Deposit'
         where invoice_id = inv.id;
      end if;
      continue;
    end if;
    insert into seed_money_plan (invoice_id, issue_at) values (inv.id, booked_at);
    if roll < 0.70 then
      update seed_money_plan set pay_fraction = 1, method = methods[1 + floor(random() * 6)::integer],
             paid_at = checked_in_at, reference = 'PAY-' || substr(b.booking_reference, 4)
       where invoice_id = inv.id;
    elsif roll < 0.85 then
      update seed_money_plan set pay_fraction = 0.5, method = methods[1 + floor(random() * 6)::integer],
             paid_at = checked_in_at, reference = 'PAY-' || substr(b.booking_reference, 4),
             pay_note = 'Half paid at check-in'
       where invoice_id = inv.id;
    end if;
    -- The rest stay unpaid: overdue once past their due date.
  end loop;
end $$;

-- Stand-alone documents of org 1 (no booking): older events paid 75–88 days ago, a corporate
-- standard (B2B) tax invoice, and invoices in AED and USD with their exchange rate to SAR.
do $$
declare
  org constant uuid := '20000000-0000-4000-8000-000000000001';
  today date := (now() at time zone 'Asia/Riyadh')::date;
  guest uuid;
  visitor uuid;
  inv public.invoices;
begin
  select c.id into guest from public.clients c where c.organization_id = org and c.nationality = 'SA'
   order by c.created_at limit 1;
  select c.id into visitor from public.clients c where c.organization_id = org and c.nationality = 'AE'
   order by c.created_at limit 1;

  insert into public.invoices (organization_id, client_id, status, due_date, notes)
  values (org, guest, 'draft', today - 88, 'Photo shoot, half day') returning * into inv;
  insert into public.invoice_items (invoice_id, description, description_ar, quantity, rate, position) values
    (inv.id, 'Half Moon Bay Villa — photo shoot (half day)', 'فيلا شاطئ نصف القمر — جلسة تصوير (نصف يوم)', 1, 1800, 0);
  insert into seed_money_plan values (inv.id, now() - interval '88 days', 1, 'stc_pay', now() - interval '86 days', 'STC-88120', null);

  insert into public.invoices (organization_id, client_id, status, due_date, notes)
  values (org, guest, 'draft', today - 80, 'Team offsite, day use') returning * into inv;
  insert into public.invoice_items (invoice_id, description, description_ar, quantity, rate, position) values
    (inv.id, 'Taif Rose Garden Villa — day use for 12 guests', 'فيلا حدائق الورد بالطائف — استخدام نهاري لـ 12 ضيفًا', 1, 2400, 0),
    (inv.id, 'Catering coordination', 'تنسيق الضيافة', 12, 45, 1);
  insert into seed_money_plan values (inv.id, now() - interval '80 days', 1, 'mobile_payment', now() - interval '78 days', 'MP-77310', null);

  -- Standard tax invoice to a VAT-registered company: buyer name, VAT number and national address.
  insert into public.invoices (organization_id, status, invoice_kind, due_date, notes, buyer_name, buyer_vat_number,
                               buyer_address)
  values (org, 'draft', 'standard', today + 10, 'Corporate stay for a visiting audit team',
          'شركة الأفق للاستشارات الإدارية', '311234567800003',
          '{"street": "Olaya Street", "building_number": "2121", "additional_number": "7788", "district": "Al Murooj",
            "city": "Riyadh", "postal_code": "12283", "country": "SA"}')
  returning * into inv;
  insert into public.invoice_items (invoice_id, description, description_ar, quantity, rate, position) values
    (inv.id, 'Olaya Skyline Apartment — 5 nights, audit team', 'شقة العليا سكاي لاين — 5 ليالٍ، فريق التدقيق', 5, 650, 0),
    (inv.id, 'Airport transfers', 'التوصيل من المطار وإليه', 2, 180, 1);
  insert into seed_money_plan values (inv.id, now() - interval '20 days', 0.5, 'bank_transfer', now() - interval '12 days', 'TRF-2291044', 'First instalment');

  -- A guest from the UAE pays in dirhams (1 AED = 1.02 SAR).
  insert into public.invoices (organization_id, client_id, status, due_date, currency, exchange_rate, notes)
  values (org, visitor, 'draft', today - 40, 'AED', 1.02, 'Weekend package paid in dirhams') returning * into inv;
  insert into public.invoice_items (invoice_id, description, description_ar, quantity, rate, position) values
    (inv.id, 'Abha Mountain Chalet — weekend package (2 nights)', 'شاليه أبها الجبلي — باقة نهاية الأسبوع (ليلتان)', 2, 880, 0);
  insert into seed_money_plan values (inv.id, now() - interval '40 days', 1, 'credit_card', now() - interval '39 days', 'VISA-4471', null);

  -- An event for a foreign company, billed in US dollars (1 USD = 3.75 SAR), still open.
  insert into public.invoices (organization_id, status, due_date, currency, exchange_rate, notes, buyer_name)
  values (org, 'draft', today + 20, 'USD', 3.75, 'Product launch dinner', 'Northwind Events LLC') returning * into inv;
  insert into public.invoice_items (invoice_id, description, description_ar, quantity, rate, position) values
    (inv.id, 'Al Malqa Wedding Hall — evening event', 'قاعة الملقا للأفراح — فعالية مسائية', 1, 3200, 0),
    (inv.id, 'Security guards (4 × 6 hours)', 'حراس أمن (4 × 6 ساعات)', 24, 25, 1);
  insert into seed_money_plan values (inv.id, now() - interval '10 days', null, null, null, null, null);

  -- A quote still being prepared: a draft.
  insert into public.invoices (organization_id, client_id, status, due_date, notes)
  values (org, guest, 'draft', today + 14, 'Wedding package quote') returning * into inv;
  insert into public.invoice_items (invoice_id, description, quantity, rate, position) values
    (inv.id, 'Hall rental — Al Malqa Wedding Hall', 1, 9500, 0),
    (inv.id, 'Security guards (4 × 6 hours)', 24, 85, 1),
    (inv.id, 'Cleaning after the event', 1, 1500, 2);
end $$;

-- Issue in date order (numbers follow dates), then record the payments.
do $$
declare
  p record;
  inv public.invoices;
begin
  for p in select * from seed_money_plan where issue_at is not null order by issue_at, invoice_id loop
    update public.invoices set issued_at = p.issue_at, status = 'pending' where id = p.invoice_id;
  end loop;
  for p in select * from seed_money_plan where pay_fraction is not null and issue_at is not null order by paid_at loop
    select * into inv from public.invoices where id = p.invoice_id;
    perform public.record_payment(inv.id, case when p.pay_fraction = 1 then inv.balance_due
                                               else round(inv.total_amount * p.pay_fraction, 2) end,
                                  p.method, p.reference, p.pay_note, p.paid_at);
  end loop;
end $$;

-- Corrections, made now: cancelled bookings' invoices cancelled (a credit note each), two full
-- refunds and one partial refund of paid invoices, a discount credit note on an unpaid invoice,
-- a late check-out debit note.
do $$
declare
  org constant uuid := '20000000-0000-4000-8000-000000000001';
  p record;
  inv public.invoices;
  note public.invoices;
begin
  for p in select * from seed_money_plan where cancel order by issue_at loop
    perform public.cancel_invoice(p.invoice_id, 'Booking cancelled by the guest');
  end loop;

  for inv in select i.* from public.invoices i
             where i.organization_id = org and i.status = 'paid' and i.document_type = 'invoice' and i.booking_id is not null
             order by i.sequence_number limit 2 loop
    perform public.refund_invoice(inv.id, inv.paid_amount, 'Stay shortened: refunded in full', 'bank_transfer', 'RF-' || inv.invoice_number);
  end loop;
  select i.* into inv from public.invoices i
   where i.organization_id = org and i.status = 'paid' and i.document_type = 'invoice' and i.booking_id is not null
     and i.total_amount > 600
   order by i.sequence_number offset 3 limit 1;
  perform public.refund_invoice(inv.id, 200, 'Pool heating out of order for one night', 'mada', null);

  select i.* into inv from public.invoices i
   where i.organization_id = org and i.status = 'overdue' and i.paid_amount = 0 and i.total_amount > 500
   order by i.sequence_number limit 1;
  note := private.draft_credit_note(inv, 115, 'Goodwill discount for a late check-in', 'Discount: late check-in',
                                    'خصم: تأخر تسجيل الوصول');
  update public.invoices set status = 'pending' where id = note.id;

  select i.* into inv from public.invoices i
   where i.organization_id = org and i.status = 'paid' and i.document_type = 'invoice' and i.booking_id is not null
   order by i.sequence_number desc limit 1;
  insert into public.invoices (organization_id, status, invoice_type_code, original_invoice_id, reason, client_id,
                               booking_id, due_date)
  values (org, 'draft', '383', inv.id, 'Late check-out (until 4 pm)', inv.client_id, inv.booking_id,
          (now() at time zone 'Asia/Riyadh')::date + 7)
  returning * into note;
  insert into public.invoice_items (invoice_id, description, description_ar, quantity, rate, position)
  values (note.id, 'Late check-out fee', 'رسوم تأخير تسجيل المغادرة', 1, 150, 0);
  update public.invoices set status = 'pending' where id = note.id;
end $$;

-- ZATCA: documents are queued as they are issued; one shows a failed attempt waiting for its retry.
update public.einvoicing_submissions s
   set status = 'failed', attempts = 1, last_attempt_at = now() - interval '3 minutes',
       next_attempt_at = now() + interval '2 minutes', http_status = 503,
       last_error = 'ZATCA did not answer in time (503 Service Unavailable)',
       history = jsonb_build_array(jsonb_build_object('at', now() - interval '3 minutes', 'status', 'failed',
                                                      'http_status', 503, 'errors', '[]'::jsonb, 'warnings', '[]'::jsonb,
                                                      'error', 'ZATCA did not answer in time (503 Service Unavailable)'))
 where s.id = (select s2.id from public.einvoicing_submissions s2 join public.invoices i on i.id = s2.invoice_id
               where i.organization_id = '20000000-0000-4000-8000-000000000001' and i.document_type = 'invoice'
               order by i.sequence_number desc limit 1);
update public.invoices i set zatca_status = s.status
  from public.einvoicing_submissions s where s.invoice_id = i.id and s.status = 'failed';

drop table seed_money_plan;
select public.refresh_overdue_invoices();


-- ---------------------------------------------------------------------------------------
-- Tasks: check-out cleaning (through the trigger), plus maintenance and inspections.
-- ---------------------------------------------------------------------------------------
-- Guests in house whose stay ends today check out now: the database creates their cleaning tasks.
update public.bookings set status = 'checked_out'
where status = 'checked_in' and check_out = (now() at time zone 'Asia/Riyadh')::date;
-- Any stay in house that ends tomorrow checks out early in one case, for a visible example.
update public.bookings set status = 'checked_out'
where id = (select b.id from public.bookings b where b.status = 'checked_in'
              and b.organization_id = '20000000-0000-4000-8000-000000000001' order by b.check_out, b.id limit 1);

insert into public.tasks (organization_id, title, description, type, priority, status, unit_id, vendor_id, assignee_id, due_at, created_by, created_at)
select '20000000-0000-4000-8000-000000000001', t.title, t.descr, t.type::public.task_type, t.priority::public.task_priority,
       t.status::public.task_status, ('50000000-0000-4000-8000-0000000000' || lpad(t.unit::text, 2, '0'))::uuid,
       t.vendor::uuid, t.assignee::uuid, now() + make_interval(hours => t.due_hours),
       '10000000-0000-4000-8000-000000000001', now() - interval '3 days'
from (values
  ('Fix AC in master bedroom', 'تكييف غرفة النوم الرئيسية لا يبرد', 'repair', 'urgent', 'in_progress', 1,
   '40000000-0000-4000-8000-000000000002', null, 4),
  ('Pool cleaning and chemical check', 'Weekly pool service before the weekend guests.', 'maintenance', 'medium', 'pending', 2,
   null, '10000000-0000-4000-8000-000000000003', 30),
  ('Quarterly safety inspection', 'Smoke detectors, fire extinguisher, first-aid kit.', 'inspection', 'low', 'pending', 5,
   null, '10000000-0000-4000-8000-000000000003', 72),
  ('Deep cleaning after renovation', 'تنظيف عميق بعد أعمال الدهان', 'cleaning', 'high', 'pending', 7,
   '40000000-0000-4000-8000-000000000001', null, 20),
  ('Replace lock batteries', 'TTLock reports low battery.', 'maintenance', 'high', 'pending', 9,
   null, '10000000-0000-4000-8000-000000000003', 8),
  ('Set up welcome kit', 'Dates, Saudi coffee and welcome card for VIP guest.', 'setup', 'medium', 'completed', 6,
   null, '10000000-0000-4000-8000-000000000003', -20),
  ('Housekeeping mid-stay', 'Towels and linen change for the long stay.', 'housekeeping', 'medium', 'pending', 10,
   '40000000-0000-4000-8000-000000000001', null, 26),
  ('Inspect hall sound system', 'Before Thursday''s wedding.', 'inspection', 'high', 'pending', 4,
   null, '10000000-0000-4000-8000-000000000001', 48),
  ('Turnover cleaning', 'Regular turnover between guests.', 'cleaning', 'medium', 'completed', 3,
   '40000000-0000-4000-8000-000000000001', null, -30),
  ('Repaint majlis wall', 'Small repair after a guest stay.', 'repair', 'low', 'cancelled', 12,
   null, null, 120)
) as t(title, descr, type, priority, status, unit, vendor, assignee, due_hours);

insert into public.tasks (organization_id, title, description, type, priority, status, unit_id, vendor_id, due_at, created_at)
values ('20000000-0000-4000-8000-000000000002', 'تنظيف بعد المغادرة', 'تنظيف شقة الروضة قبل الضيف التالي', 'cleaning', 'high',
        'pending', '50000000-0000-4000-8000-000000000013', '40000000-0000-4000-8000-000000000003', now() + interval '6 hours', now() - interval '1 day'),
       ('20000000-0000-4000-8000-000000000002', 'Check pool pump', 'Pump noisy according to last guest.', 'maintenance', 'medium',
        'pending', '50000000-0000-4000-8000-000000000014', null, now() + interval '2 days', now() - interval '1 day');

-- ---------------------------------------------------------------------------------------
-- Public sites (enabled for both) and guest reviews.
-- ---------------------------------------------------------------------------------------
insert into public.public_sites (organization_id, enabled, name, name_ar, description, description_ar, contact_email,
                                 phone, address, about, about_ar, theme_color, slug, default_language)
values
  ('20000000-0000-4000-8000-000000000001', true, 'Nuzl Demo Stays', 'نُزُل للإقامات',
   'Handpicked villas, chalets and apartments across Saudi Arabia.', 'فلل وشاليهات وشقق مختارة في أنحاء المملكة.',
   'stay@demo.nuzl.example', '+966112345678', 'King Fahd Road, Al Olaya, Riyadh 12214',
   'From the Red Sea to AlUla''s cliffs, we host guests the Saudi way.', 'من البحر الأحمر إلى جبال العلا، نستقبل ضيوفنا بكرم سعودي.',
   '#0f766e', 'demo', 'ar'),
  ('20000000-0000-4000-8000-000000000002', true, 'Second Homes', 'البيوت الثانية',
   'Comfortable homes in Jeddah and Riyadh.', 'بيوت مريحة في جدة والرياض.',
   'hello@second.nuzl.example', '+966122345678', 'Prince Sultan Road, Al Rawdah, Jeddah 23435',
   'A small family business renting two homes.', 'مشروع عائلي صغير لتأجير بيتين.', '#9a3412', 'second', 'ar');

insert into public.reviews (organization_id, unit_id, booking_id, guest_name, rating, message, is_published, created_at)
select b.organization_id, b.unit_id, b.id, c.name, r.rating, r.message, r.published, b.check_out + time '14:00'
from (values
  (1, 5, 'Spotless and the view was amazing. Check-in with the smart lock was effortless.', true),
  (2, 5, 'المكان رائع ونظيف جداً، والاستقبال ممتاز.', true),
  (3, 4, 'Great location, a bit of street noise at night.', true),
  (4, 5, 'تجربة لا تُنسى في العلا، أنصح بها بشدة.', true),
  (5, 3, 'Nice chalet but the pool heater was not working.', false),
  (6, 5, 'Perfect for our family gathering. Will come back.', true),
  (7, 4, 'الشاليه جميل والجو في أبها رائع.', true),
  (8, 2, 'Wifi was very slow.', false),
  (9, 5, 'Host responded within minutes on WhatsApp.', true),
  (10, 4, 'موقع ممتاز قريب من الكورنيش.', true),
  (11, 5, 'Loved the rose farm tour recommendation!', true),
  (12, 5, 'بيت نظيف ومرتب، شكراً لكم.', true),
  (13, 4, 'Good value for Jeddah.', true)
) as r(n, rating, message, published)
join lateral (
  select bk.* from public.bookings bk
  where bk.status = 'checked_out'
    and bk.organization_id = case when r.n <= 11 then '20000000-0000-4000-8000-000000000001'
                                  else '20000000-0000-4000-8000-000000000002' end::uuid
  order by bk.check_out desc, bk.id offset r.n limit 1
) b on true
join public.clients c on c.id = b.client_id;

-- Landing-page testimonials (issue 12): local demo only, quoting the demo organisations' own
-- (fictional) people, with their permission recorded as a real one must be. Production starts
-- with none: the super administrator adds real customers' words, and the section stays hidden
-- until one is published. The last one is a draft, which visitors never see.
insert into public.testimonials (id, organization_id, author_name, author_role, quote, language, permission_at,
                                 is_published, sort_order, created_at)
values
  ('60000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000001', 'عبدالله القحطاني',
   'مالك، نُزُل للإقامات',
   'كنا ندير اثنتي عشرة وحدة بجداول منفصلة. الآن كل الحجوزات في تقويم واحد، والفاتورة الضريبية برمز QR تخرج مع كل حجز.',
   'ar', now() - interval '30 days', true, 1, now() - interval '30 days'),
  ('60000000-0000-4000-8000-000000000002', '20000000-0000-4000-8000-000000000002', 'Noura Al-Harbi',
   'Owner, Second Homes',
   'Guests request their dates on our own booking page, and I confirm them from my phone. No more double bookings.',
   'en', now() - interval '20 days', true, 2, now() - interval '20 days'),
  ('60000000-0000-4000-8000-000000000003', '20000000-0000-4000-8000-000000000001', 'Faisal Al-Otaibi',
   'Operations, Nuzl Demo Stays',
   'The cleaning tasks appear on their own after each check-out, so the team knows what to do every morning.',
   'en', now() - interval '10 days', true, 3, now() - interval '10 days'),
  ('60000000-0000-4000-8000-000000000004', '20000000-0000-4000-8000-000000000002', 'نورة الحربي',
   'مالكة، البيوت الثانية',
   'مسودة لم تُنشر بعد.',
   'ar', null, false, 4, now() - interval '2 days');

-- ---------------------------------------------------------------------------------------
-- Channels, integrations, automations, alerts, passcodes, messages, an API key.
-- ---------------------------------------------------------------------------------------
-- The demo feeds are the local stack's OTA feed sandbox (supabase/local/ota, port 54321 of
-- supabase/config.toml): the ical function's schedule fetches them, never a real platform.
-- Statuses as the trigger derives them (20261129100000_ota_connection_status.sql): a synced feed is
-- active, a feed never synced pending, no feed and no API credentials setup_required.
insert into public.ota_connections (organization_id, unit_id, platform, connection_name, property_id, ical_import_url, status, last_synced_at)
values
  ('20000000-0000-4000-8000-000000000001', '50000000-0000-4000-8000-000000000001', 'airbnb', 'Airbnb — Olaya Skyline',
   'airbnb-48213377', 'http://127.0.0.1:54321/_sandbox/ota/feeds/airbnb/48213377.ics', 'active', now() - interval '25 minutes'),
  ('20000000-0000-4000-8000-000000000001', '50000000-0000-4000-8000-000000000005', 'booking_com', 'Booking.com — Corniche',
   'bcom-9921004', null, 'setup_required', null),
  ('20000000-0000-4000-8000-000000000001', '50000000-0000-4000-8000-000000000007', 'gathern', 'Gathern — AlUla Villa',
   'gathern-55120', 'http://127.0.0.1:54321/_sandbox/ota/feeds/gathern/55120.ics', 'active', now() - interval '3 hours'),
  ('20000000-0000-4000-8000-000000000002', '50000000-0000-4000-8000-000000000013', 'airbnb', 'Airbnb — الروضة',
   'airbnb-77120931', 'http://127.0.0.1:54321/_sandbox/ota/feeds/airbnb/77120931.ics', 'pending', null);

-- Integrations (Settings → Integrations): org 1's TTLock account is the sandbox's demo account
-- (supabase/local/ttlock; the password kept as its MD5, as set_lock_integration does) and its
-- channel feeds sync every 15 minutes. Org 2 has set up none.
insert into public.integrations (id, organization_id, name, provider, status, sync_frequency, settings, credentials_configured, last_sync_at)
values
  ('2a000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000001', 'TTLock', 'ttlock', 'active', 'manual',
   '{"username": "demo-ttlock"}', true, now() - interval '2 days'),
  ('2a000000-0000-4000-8000-000000000002', '20000000-0000-4000-8000-000000000001', 'Channel sync (iCal)', 'ical', 'active', 'realtime',
   '{}', true, null);
insert into public.integration_lock_secrets (integration_id, organization_id, account_password_md5, client_id, client_secret)
values ('2a000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000001', md5('demo-lock-password'),
        'demo-ttlock-client', 'demo-ttlock-secret');

insert into public.automation_rules (organization_id, name, trigger, action, is_active, action_config)
values
  ('20000000-0000-4000-8000-000000000001', 'Send passcode before arrival', 'booking_confirmed', 'generate_passcode', true, '{"hours_before": 24}'),
  ('20000000-0000-4000-8000-000000000001', 'Welcome message on WhatsApp', 'check_in', 'send_whatsapp', true, '{"template": "welcome"}'),
  ('20000000-0000-4000-8000-000000000001', 'Cleaning after check-out', 'check_out', 'create_task', true, '{"type": "cleaning"}'),
  ('20000000-0000-4000-8000-000000000001', 'Remind overdue invoices', 'invoice_overdue', 'send_email', false, '{"every_days": 3}'),
  ('20000000-0000-4000-8000-000000000002', 'رسالة ترحيب', 'booking_created', 'send_sms', true, '{}');

insert into public.alerts (organization_id, name, type, threshold, frequency, condition, severity)
values
  ('20000000-0000-4000-8000-000000000001', 'Overdue receivables above 5,000 SAR', 'outstanding_balance', 5000, 'daily', 'greater_than', 'high'),
  ('20000000-0000-4000-8000-000000000001', 'Occupancy below 40 %', 'low_occupancy', 40, 'weekly', 'less_than', 'medium'),
  ('20000000-0000-4000-8000-000000000001', 'Any overdue invoice', 'overdue_invoices', 0, 'realtime', 'greater_than', 'critical'),
  ('20000000-0000-4000-8000-000000000002', 'Revenue drop', 'revenue_drop', 20, 'monthly', 'greater_than', 'low');

insert into public.lock_passcodes (unit_id, booking_id, name, code, kind, status, starts_at, ends_at, provider_passcode_id, created_by)
select b.unit_id, b.id, 'Guest ' || b.booking_reference, lpad((100000 + (abs(hashtext(b.id::text)) % 899999))::text, 6, '0'),
       'temporary', 'active', (b.check_in + u.check_in_time) at time zone 'Asia/Riyadh',
       (b.check_out + u.check_out_time) at time zone 'Asia/Riyadh', 'ttl-pc-' || left(b.id::text, 8),
       '10000000-0000-4000-8000-000000000001'
from public.bookings b join public.units u on u.id = b.unit_id
where u.smart_lock_id is not null and b.status in ('confirmed', 'checked_in')
  and b.check_in between current_date - 7 and current_date + 7;
insert into public.lock_passcodes (unit_id, name, code, kind, status, provider_passcode_id, created_by)
values ('50000000-0000-4000-8000-000000000002', 'Cleaning crew', '482913', 'permanent', 'active', 'ttl-pc-crew', '10000000-0000-4000-8000-000000000001'),
       ('50000000-0000-4000-8000-000000000001', 'Old maintenance code', '104577', 'permanent', 'invalid', 'ttl-pc-old', '10000000-0000-4000-8000-000000000001');

-- Guest messaging (issue 16). Org 1's WhatsApp Business number is the local stack's WhatsApp
-- sandbox (supabase/local/whatsapp/sandbox.ts: its phone number id, display phone and token); org 2
-- has no WhatsApp and sends SMS through the platform's account. Some of org 1's units give their
-- Wi-Fi to guests ({{wifi_name}} / {{wifi_password}}).
update public.messaging_settings
   set whatsapp_phone_number_id = '100000000000001', whatsapp_business_account_id = '100000000000900',
       whatsapp_display_phone = '+966 11 000 0001', whatsapp_status = 'active', whatsapp_tested_at = now() - interval '3 days'
 where organization_id = '20000000-0000-4000-8000-000000000001';
insert into public.messaging_secrets (organization_id, provider, access_token)
values ('20000000-0000-4000-8000-000000000001', 'whatsapp', 'sandbox-whatsapp-token');
update public.units u
   set wifi_name = 'Nuzl-' || replace(initcap(split_part(u.name, ' ', 1)), ' ', ''),
       wifi_password = 'stay-' || lpad((abs(hashtext(u.id::text)) % 100000)::text, 5, '0')
 where u.organization_id = '20000000-0000-4000-8000-000000000001';

-- Demo conversations, as the Inbox shows them: org 1's guests with a current or coming stay write
-- on WhatsApp and by SMS in Arabic and English; staff answered some; a few messages are unread
-- (seen_at null), one WhatsApp message failed and went by SMS, one guest opted out with STOP, and
-- a number no guest has asked about availability. Every row is sent or further (no queued row: the
-- retry job would send it).
do $$
declare
  org1 constant uuid := '20000000-0000-4000-8000-000000000001';
  org2 constant uuid := '20000000-0000-4000-8000-000000000002';
  wa_number constant text := '+966 11 000 0001';
  owner1 constant uuid := '10000000-0000-4000-8000-000000000001';
  owner2 constant uuid := '10000000-0000-4000-8000-000000000002';
  guests uuid[];
  g record;
  welcome_template uuid := (select t.id from public.message_templates t where t.organization_id = org1 and t.name = 'Welcome');
  n integer := 0;
begin
  -- Six guests of org 1 with a stay under way or coming, the nearest first; Arabic and English both.
  select array_agg(x.client_id order by x.check_in, x.client_id) into guests
    from (select distinct on (b.client_id) b.client_id, b.check_in
            from public.bookings b
           where b.organization_id = org1 and b.status in ('checked_in', 'confirmed') and b.check_out >= current_date
           order by b.client_id, b.check_in) x;
  for g in
    select c.id, c.phone, c.preferred_language::text as lang, c.name, k.ord,
           (select b.id from public.bookings b where b.client_id = c.id and b.status in ('checked_in', 'confirmed')
             and b.check_out >= current_date order by b.check_in limit 1) as stay
      from unnest(guests[1:6]) with ordinality as k(client_id, ord)
      join public.clients c on c.id = k.client_id
     order by k.ord
  loop
    n := n + 1;
    insert into public.messages (organization_id, client_id, booking_id, channel, direction, to_address, from_address,
                                 body, status, provider_message_id, sent_by, template_id, sent_at, delivered_at, read_at,
                                 failed_at, error, seen_at, attempts, created_at)
    select org1, g.id, g.stay, m.channel::public.message_channel, m.direction::public.message_direction,
           case when m.direction = 'outbound' then g.phone else case when m.channel = 'whatsapp' then wa_number else 'Nuzl' end end,
           case when m.direction = 'outbound' then case when m.channel = 'whatsapp' then wa_number else 'Nuzl' end else g.phone end,
           case when g.lang = 'en' then m.body_en else m.body_ar end, m.status::public.message_status,
           case when m.status <> 'failed' then (case when m.channel = 'whatsapp' then 'wamid.seed-' else 'sms-seed-' end) || n || '-' || m.seq end,
           case when m.direction = 'outbound' then owner1 end,
           case when m.welcome then welcome_template end,
           now() - make_interval(mins => m.ago),
           case when m.status in ('delivered', 'read') then now() - make_interval(mins => m.ago - 1) end,
           case when m.status = 'read' then now() - make_interval(mins => m.ago - 3) end,
           case when m.status = 'failed' then now() - make_interval(mins => m.ago) end,
           case when m.status = 'failed' then '(#131026) Message undeliverable' end,
           case when m.direction = 'inbound' and not m.unread then now() - make_interval(mins => m.ago - 5) end,
           case when m.direction = 'outbound' then 1 else 0 end,
           now() - make_interval(mins => m.ago)
      from (values
        -- 1: a guest on WhatsApp; the last question is unread, the window open.
        (1, 1, 'whatsapp', 'outbound', 'Welcome! We hope you enjoy your stay. The Wi-Fi name and password are in the welcome message; we are here for any question.',
         'أهلًا بك! نتمنى لك إقامة طيبة. شبكة الواي فاي وكلمة مرورها في رسالة الترحيب، ونحن هنا لأي سؤال.', 'read', 1500, false, true),
        (1, 2, 'whatsapp', 'inbound', 'Hi, we have arrived. The air conditioning in the bedroom is not cooling well, could someone come and look?',
         'السلام عليكم، وصلنا الشقة والحمد لله. المكيف في غرفة النوم لا يبرد جيدًا، هل يمكن إرسال أحد؟', 'delivered', 95, false, false),
        (1, 3, 'whatsapp', 'outbound', 'Sorry about that! Our technician will be with you within the hour.',
         'وعليكم السلام، نعتذر عن الإزعاج! سيصلكم فني الصيانة خلال ساعة بإذن الله.', 'read', 88, false, false),
        (1, 4, 'whatsapp', 'inbound', 'Thank you. Could we also extend the stay by one night?',
         'شكرًا جزيلًا. وهل يمكن تمديد الإقامة ليلة إضافية؟', 'delivered', 35, true, false),
        -- 2: early check-in; the thanks are unread.
        (2, 1, 'whatsapp', 'outbound', 'Hello! Your booking is confirmed. We will send the door code the day before you arrive.',
         'مرحبًا! تم تأكيد حجزك، وسنرسل لك رمز الدخول قبل وصولك بيوم.', 'read', 2900, false, false),
        (2, 2, 'whatsapp', 'inbound', 'Hi! Could we check in early, around 1 pm?',
         'مرحبًا، هل يمكننا الدخول مبكرًا حوالي الساعة 1 ظهرًا؟', 'delivered', 130, false, false),
        (2, 3, 'whatsapp', 'outbound', 'Yes, early check-in from 1 pm is fine, at no extra cost.',
         'نعم، يمكنك الدخول من الساعة 1 ظهرًا دون أي رسوم إضافية.', 'delivered', 118, false, false),
        (2, 4, 'whatsapp', 'inbound', 'Perfect, thank you so much!',
         'ممتاز، شكرًا جزيلًا!', 'delivered', 12, true, false),
        -- 3: by SMS, read by staff.
        (3, 1, 'sms', 'outbound', 'Nuzl Demo Stays: your booking is confirmed. Reply to this message to reach us.',
         'نُزُل للإقامات: تم تأكيد حجزك. للتواصل معنا رد على هذه الرسالة.', 'delivered', 2880, false, false),
        (3, 2, 'sms', 'inbound', 'Thanks! Is there private parking?',
         'شكرًا، هل يوجد موقف سيارات خاص؟', 'delivered', 1440, false, false),
        (3, 3, 'sms', 'outbound', 'Yes, there is free private parking in front of the building.',
         'نعم، يوجد موقف خاص أمام المبنى مجانًا.', 'delivered', 1420, false, false),
        -- 4: WhatsApp could not reach the number; staff sent the same by SMS. The guest's last WhatsApp
        -- is two days old: the 24-hour window is closed.
        (4, 1, 'whatsapp', 'inbound', 'Hello, what is the address of the apartment?',
         'مرحبًا، ما هو عنوان الشقة؟', 'delivered', 3000, false, false),
        (4, 2, 'whatsapp', 'outbound', 'Hello! Here is the location on the map: https://maps.google.com/?q=24.7136,46.6753',
         'مرحبًا! هذا الموقع على الخريطة: https://maps.google.com/?q=24.7136,46.6753', 'failed', 2990, false, false),
        (4, 3, 'sms', 'outbound', 'Nuzl Demo Stays: the location of your apartment: https://maps.google.com/?q=24.7136,46.6753',
         'نُزُل للإقامات: موقع شقتك على الخريطة: https://maps.google.com/?q=24.7136,46.6753', 'delivered', 2985, false, false),
        -- 5: the guest asked for no more messages.
        (5, 1, 'sms', 'outbound', 'Nuzl Demo Stays: a reminder of your arrival. Have a safe trip!',
         'نُزُل للإقامات: نذكّرك بموعد وصولك. نتمنى لك رحلة سعيدة.', 'delivered', 4400, false, false),
        (5, 2, 'sms', 'inbound', 'STOP',
         'إيقاف', 'delivered', 4300, false, false),
        -- 6: the Welcome template sent on WhatsApp, read; the guest's reply unread.
        (6, 1, 'whatsapp', 'outbound', 'Hello, welcome! We hope you enjoy your stay. Message us here if you need anything.',
         'مرحبًا، أهلًا بك! نتمنى لك إقامة طيبة. راسلنا هنا إذا احتجت أي شيء.', 'read', 400, false, true),
        (6, 2, 'whatsapp', 'inbound', 'Thanks! Is there a supermarket close by?',
         'شكرًا! هل يوجد سوبرماركت قريب؟', 'delivered', 55, true, false)
      ) as m(guest, seq, channel, direction, body_en, body_ar, status, ago, unread, welcome)
     where m.guest = g.ord;
    if g.ord = 5 then
      update public.clients c set messages_opt_out = true, messages_opt_out_at = now() - interval '4300 minutes' where c.id = g.id;
    end if;
  end loop;

  -- A number no guest has: an enquiry on WhatsApp, unread.
  insert into public.messages (organization_id, channel, direction, to_address, from_address, body, status, provider_message_id,
                               sent_at, created_at)
  values (org1, 'whatsapp', 'inbound', wa_number, '+966555000123',
          'مرحبا، هل الشاليه متاح نهاية الأسبوع القادم لأربعة أشخاص؟', 'delivered', 'wamid.seed-unknown-1',
          now() - interval '3 hours', now() - interval '3 hours');

  -- Org 2 (no WhatsApp): one SMS conversation.
  insert into public.messages (organization_id, client_id, booking_id, channel, direction, to_address, from_address, body,
                               status, provider_message_id, sent_by, sent_at, delivered_at, seen_at, attempts, created_at)
  select org2, c.id, b.id, 'sms', m.direction::public.message_direction,
         case when m.direction = 'outbound' then c.phone else 'Nuzl' end,
         case when m.direction = 'outbound' then 'Nuzl' else c.phone end,
         m.body, 'delivered', 'sms-seed-org2-' || m.seq, case when m.direction = 'outbound' then owner2 end,
         now() - make_interval(mins => m.ago), now() - make_interval(mins => m.ago - 1),
         case when m.direction = 'inbound' then now() - make_interval(mins => m.ago - 10) end,
         case when m.direction = 'outbound' then 1 else 0 end, now() - make_interval(mins => m.ago)
    from (select * from public.bookings where organization_id = org2 and status in ('confirmed', 'checked_in')
          order by check_in, id limit 1) b
    join public.clients c on c.id = b.client_id
   cross join (values
     (1, 'outbound', 'البيوت الثانية: تم تأكيد حجزك، نسعد باستقبالك.', 600),
     (2, 'inbound', 'الله يسعدكم، متى وقت الدخول؟', 480),
     (3, 'outbound', 'الدخول من الساعة 3 عصرًا، وإذا احتجت أي شيء راسلنا هنا.', 470)
   ) as m(seq, direction, body, ago);
end;
$$;

-- A demo API key (its plaintext is not stored anywhere; create real ones in Settings → Security).
insert into public.api_keys (organization_id, name, prefix, key_hash, created_by, created_at, last_used_at)
values ('20000000-0000-4000-8000-000000000001', 'Website widget', 'nzl_demo0000',
        encode(sha256(convert_to('nzl_demo0000-not-a-real-key', 'UTF8')), 'hex'),
        '10000000-0000-4000-8000-000000000001', now() - interval '40 days', now() - interval '1 day');

-- The platform as seller of subscriptions: clearly demo details for local use only (hosted, the
-- super administrator fills the real ones in Super admin → Platform before anyone can pay).
insert into public.platform_seller
  (legal_name_en, legal_name_ar, vat_number, commercial_registration, address_street, address_building_number,
   address_additional_number, address_district, address_city, address_region, address_postal_code)
values ('DEMO Nuzl Platform (not a real company)', 'منصة نُزل التجريبية (ليست شركة حقيقية)', '399999999999993',
        '0000000000', 'Demo Street', '0000', null, 'Demo District', 'Riyadh', 'Riyadh Region', '00000');

-- From here on, booking changes tell their guests again.
select set_config('nuzl.seeding', 'off', false);

-- Issue 17 demo data, one section per part (reports history, alerts, automation, licences).
select set_config('nuzl.seeding', 'on', false);
-- >>> issue 17: RS (reports history)
-- (the reports history is seeded before the money section, so its documents are numbered first)
-- <<< issue 17: RS
-- >>> issue 17: AL (alerts)
-- Financial alerts (issue 17): three more demo alerts for org 1 (names in both languages), then
-- every active alert but the licence one is evaluated once, so the Alerts tab's history and the
-- dashboard's card show fired, unacknowledged alerts (seeding: private.notify tells nobody, and the
-- realtime "Any overdue invoice" starts with its episode open, so later writes do not re-tell it).
-- The licence alert is left to the schedule: the licence dates are seeded after this section.
-- The alerts seeded above (before issue 17) get their Arabic names.
update public.alerts a
   set name_ar = v.name_ar
  from (values ('Overdue receivables above 5,000 SAR', 'ذمم مستحقة تتجاوز 5,000 ريال'),
               ('Occupancy below 40 %', 'إشغال أقل من 40٪'),
               ('Any overdue invoice', 'أي فاتورة متأخرة السداد'),
               ('Revenue drop', 'تراجع الإيرادات')) as v(name, name_ar)
 where a.name = v.name and a.name_ar is null;
insert into public.alerts (organization_id, name, name_ar, type, threshold, window_days, frequency, severity)
values
  ('20000000-0000-4000-8000-000000000001', 'Invoice unpaid over 50 days', 'فاتورة غير مسددة منذ أكثر من 50 يومًا',
   'invoice_overdue_days', 50, null, 'daily', 'high'),
  ('20000000-0000-4000-8000-000000000001', 'Monthly revenue target', 'مستهدف الإيرادات الشهري',
   'revenue_below_target', 250000, null, 'weekly', 'medium'),
  ('20000000-0000-4000-8000-000000000001', 'Payment above 15,000 SAR', 'دفعة تتجاوز 15,000 ريال',
   'large_payment', 15000, null, 'daily', 'low');
select private.evaluate_alert(a)
from public.alerts a
where a.is_active and a.type <> 'licence_expiring'
order by a.organization_id, a.created_at, a.id;
-- <<< issue 17: AL
-- >>> issue 17: AU (automation)
-- The demo rules written above (before issue 17) in the shape the engine reads
-- (20261129620200): the messages name a real template, the duplicate cleaning rule goes (every
-- organisation has the default "Cleaning after check-out" with its "Turnover cleaning" template),
-- and a door code needs no rule (the unit's lock settings issue it for every stay). One more rule:
-- a booking confirmed is welcomed on WhatsApp. The message rules are off: switched on, every
-- booking the test suites confirm or check in would message the demo guests; an owner switches
-- them on in Settings → Automation. No runs: the log fills as the demo is used.
delete from public.automation_rules r
 where r.organization_id = '20000000-0000-4000-8000-000000000001'
   and (r.action = 'generate_passcode' or (r.action = 'create_task' and not r.action_config ? 'task_template_id'));
update public.automation_rules r
   set action_config = jsonb_build_object('message_template_id', t.id), is_active = false
  from public.message_templates t
 where t.organization_id = r.organization_id
   and t.name = case r.name when 'Welcome message on WhatsApp' then 'Welcome'
                            when 'Remind overdue invoices' then 'Invoice overdue'
                            when 'رسالة ترحيب' then 'Booking confirmed' end;
insert into public.automation_rules (organization_id, name, trigger, action, is_active, action_config, created_at)
select t.organization_id, 'Welcome on WhatsApp when confirmed', 'booking_confirmed', 'send_whatsapp', false,
       jsonb_build_object('message_template_id', t.id), now() - interval '20 days'
  from public.message_templates t
 where t.organization_id = '20000000-0000-4000-8000-000000000001' and t.name = 'Welcome';
-- <<< issue 17: AU
-- >>> issue 17: HL (licences, Hijri)
-- Ministry of Tourism licences, relative to today so the demo always shows every state:
-- most units valid for about a year; org 1's unit 3 (Diplomatic Quarter Studio) expires in 10 days,
-- its unit 4 (the wedding hall) has none; org 2's unit 14 expires in 20 days, unit 13 is valid.
-- The public sites keep hide_unlicensed_units off (the public page lists every active unit).
update public.units u
   set tourism_licence_number = 'MT-' || to_char(current_date, 'YYYY') || '-' || lpad(substr(u.id::text, 35, 2), 5, '0'),
       tourism_licence_issued_on = current_date - 200 + (substr(u.id::text, 35, 2))::int,
       tourism_licence_expires_on = case substr(u.id::text, 35, 2)
                                      when '03' then current_date + 10
                                      when '14' then current_date + 20
                                      else current_date + 165 + (substr(u.id::text, 35, 2))::int
                                    end
 where u.id::text like '50000000-0000-4000-8000-0000000000__'
   and substr(u.id::text, 35, 2) <> '04';
-- <<< issue 17: HL
select set_config('nuzl.seeding', 'off', false);

-- Slugs the app's new addresses take (issue 12): `/ar` and `/ar/login` are the Arabic twins of
-- the prerendered landing and sign-in pages, `/en` is kept for the day English gets its own
-- prefix, and `/review/<token>` is a guest's review link (issue 13). A site called "ar" would
-- otherwise own `/ar` through the `/<slug>` short link. Same list as before, plus these three;
-- src/domain/public-site.ts RESERVED_SLUGS must equal it (db-public-site-settings checks).

create or replace function private.reserved_slugs()
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array[
    -- routes of src/config/paths.ts
    'org', 'game', 'health', 'login', 'logout', 'auth-diagnostics', 'reset-password', 'verify',
    'super-admin', 'dashboard', 'onboarding', 'signup', 'register', 'review',
    -- language prefixes of the prerendered pages
    'ar', 'en',
    -- dashboard sections, also reachable at their legacy top-level path
    'units', 'bookings', 'clients', 'payments', 'vendors', 'tasks', 'access', 'users', 'reports',
    'settings', 'invoices', 'overview', 'reviews',
    -- service and asset paths
    'api', 'admin', 'assets', 'auth', 'rest', 'storage', 'functions', 'realtime', 'graphql',
    'static', 'public', 'www', 'mail', 'status',
    -- names that would pass for Nuzl itself
    'nuzl', 'help', 'support', 'about', 'terms', 'privacy', 'docs'
  ]::text[]
$$;
comment on function private.reserved_slugs() is
  'Slugs no public site may use: app routes (src/config/paths.ts), language prefixes, service paths and names that would read as Nuzl''s.';
revoke execute on function private.reserved_slugs() from public;

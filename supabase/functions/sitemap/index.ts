// GET /functions/v1/sitemap — the sitemap of Nuzl's public pages (issue 12), referenced by the
// app's robots.txt. Public: [functions.sitemap] verify_jwt = false in supabase/config.toml.
// Needs the SITE_URL secret on hosted projects (README, "Deploying to hosted Supabase").
import { createSitemapHandler } from './handler.ts';

Deno.serve(
  createSitemapHandler({ env: (name) => Deno.env.get(name), fetch: (...args) => fetch(...args), now: Date.now }),
);

// /functions/v1/billing — plan changes paid through Moyasar (handler.ts). verify_jwt is off
// ([functions.billing] in supabase/config.toml): the browser's return from the hosted page and
// Moyasar's webhook carry no JWT; the checkout routes check the caller's token themselves.
import { createBillingHandler } from './handler.ts';

Deno.serve(createBillingHandler({ env: (name) => Deno.env.get(name) || undefined }));

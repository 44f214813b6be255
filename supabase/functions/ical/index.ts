// /functions/v1/ical — the channel manager's iCal feeds (issue 15, handler.ts). verify_jwt is off:
// the platforms fetch the export without a sign-in; the token in its URL is the secret.
import { createIcalHandler } from './handler.ts';

Deno.serve(createIcalHandler({ env: (name) => Deno.env.get(name) || undefined }));

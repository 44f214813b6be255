// /functions/v1/locks — TTLock smart locks (issue 15): the only place that talks to TTLock (handler.ts).
// verify_jwt stays on: only signed-in staff call it; the handler checks their unit and permission.
import { createLocksHandler } from './handler.ts';

Deno.serve(createLocksHandler({ env: (name) => Deno.env.get(name) || undefined }));

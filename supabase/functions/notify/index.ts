// POST /functions/v1/notify — staff notification e-mails (issue 14); see handler.ts.
import { denoEnv } from '../_shared/service.ts';
import { createNotifyHandler } from './handler.ts';

Deno.serve(createNotifyHandler({ env: denoEnv, fetch: (...args) => fetch(...args) }));

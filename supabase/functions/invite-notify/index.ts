// POST /functions/v1/invite-notify — the invitation e-mail (issue 14); see handler.ts.
import { denoEnv } from '../_shared/service.ts';
import { createInviteNotifyHandler } from './handler.ts';

Deno.serve(createInviteNotifyHandler({ env: denoEnv, fetch: (...args) => fetch(...args) }));

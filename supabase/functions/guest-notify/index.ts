// POST /functions/v1/guest-notify — the guest's messages about their stay (issue 13); see handler.ts.
import { denoEnv } from '../_shared/service.ts';
import { createGuestNotifyHandler } from './handler.ts';

Deno.serve(createGuestNotifyHandler({ env: denoEnv, fetch: (...args) => fetch(...args) }));

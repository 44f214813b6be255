// /functions/v1/messaging — sends staff's and automatic messages (WhatsApp, SMS, e-mail) and
// receives the providers' webhooks (issue 16); see handler.ts.
import { denoEnv } from '../_shared/service.ts';
import { createMessagingHandler } from './handler.ts';

Deno.serve(createMessagingHandler({ env: denoEnv, fetch: (...args) => fetch(...args) }));

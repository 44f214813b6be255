// The two ways the function reaches the database: as the service role (privileged writes: devices,
// chain, submissions, the private einvoices bucket) and as the caller (permission checks through
// RLS and the caller's own RPCs, with the caller's JWT). The clients themselves: _shared/supabase.ts.
import { denoEnv } from '../_shared/service.ts';
import { supabaseClients, type SupabaseClient } from '../_shared/supabase.ts';

export type { SupabaseClient };

const clients = supabaseClients(denoEnv);

export function serviceClient(): SupabaseClient {
  return clients.serviceDb();
}

/** A client that acts as the caller: their JWT in Authorization, the public key as apikey. */
export function callerClient(accessToken: string): SupabaseClient {
  return clients.callerDb(accessToken);
}

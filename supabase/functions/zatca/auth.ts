// Who is calling (verify_jwt is off for this function: it checks every caller itself, because the
// scheduled call may carry a new-style secret key, which is no JWT):
// - the service role: `Authorization: Bearer <key>` (or `apikey: <key>` alone) equal to the
//   project's service_role key or one of its secret keys — pg_cron through pg_net, scripts;
// - staff: a user's access token, checked by the database itself (PostgREST verifies it when the
//   caller's own my_permissions() runs), with their permissions and their organisation.
import { denoEnv, sameSecret, serviceKeys } from '../_shared/service.ts';
import { jwtPayload } from '../_shared/supabase.ts';
import { callerClient, serviceClient, type SupabaseClient } from './clients.ts';
import { HttpProblem } from './http.ts';

export interface StaffCaller {
  kind: 'staff';
  userId: string;
  client: SupabaseClient;
  permissions: Set<string>;
  /** The organisation the caller is active staff of (null: none). */
  organizationId: string | null;
}

export type Caller = { kind: 'service' } | StaffCaller;

const unauthorized = (message = 'Sign in to continue') => new HttpProblem(401, 'unauthorized', message);

function isServiceKey(value: string | null): boolean {
  return value !== null && value !== '' && serviceKeys(denoEnv).some((key) => sameSecret(key, value));
}

export async function identify(req: Request): Promise<Caller> {
  const authorization = req.headers.get('authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1] ?? null;
  if (isServiceKey(bearer) || (!bearer && isServiceKey(req.headers.get('apikey')))) return { kind: 'service' };
  if (!bearer) throw unauthorized();
  const payload = jwtPayload(bearer);
  // Only a signed-in user's token: the anon key (role anon) is a JWT too, but nobody's.
  if (!payload || payload.role !== 'authenticated' || typeof payload.sub !== 'string') throw unauthorized();

  const client = callerClient(bearer);
  const { data, error, status } = await client.rpc('my_permissions');
  if (error) {
    if (status === 401 || status === 403 || /^PGRST30/.test(error.code ?? '')) throw unauthorized();
    throw new Error(`my_permissions failed: ${error.message}`);
  }
  // The database accepted the token, so its subject is who it says.
  const userId = payload.sub;
  const profile = await serviceClient()
    .from('profiles')
    .select('organization_id')
    .eq('user_id', userId)
    .eq('kind', 'staff')
    .eq('status', 'active')
    .maybeSingle();
  if (profile.error) throw new Error(`profiles failed: ${profile.error.message}`);
  return {
    kind: 'staff',
    userId,
    client,
    permissions: new Set((data ?? []) as string[]),
    organizationId: (profile.data?.organization_id as string | undefined) ?? null,
  };
}

/** The staff caller with `permission`, or a 401 (nobody signed in) / 403 refusal. */
export function requireStaff(caller: Caller, permission: string): StaffCaller {
  if (caller.kind !== 'staff') throw unauthorized();
  if (!caller.organizationId || !caller.permissions.has(permission)) {
    throw new HttpProblem(403, 'forbidden', 'You do not have permission to do this');
  }
  return caller;
}

/**
 * An invoice the staff caller may act on with `permission`: visible to them through RLS (so in
 * their organisation, with invoices.read) and the permission held. Another organisation's invoice,
 * or none, is 404 (an outsider learns nothing); their own organisation's without the permission 403.
 */
export async function invoiceFor(
  caller: Caller,
  invoiceId: string,
  permission: 'invoices.read' | 'invoices.write',
): Promise<{ id: string; organization_id: string }> {
  if (caller.kind !== 'staff') throw unauthorized();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(invoiceId)) {
    throw new HttpProblem(404, 'invoice_not_found', 'This invoice was not found');
  }
  const visible = await caller.client.from('invoices').select('id, organization_id').eq('id', invoiceId).maybeSingle();
  if (visible.error) throw new Error(`invoices failed: ${visible.error.message}`);
  if (visible.data && caller.permissions.has(permission))
    return visible.data as { id: string; organization_id: string };
  const owner = await serviceClient().from('invoices').select('organization_id').eq('id', invoiceId).maybeSingle();
  if (owner.error) throw new Error(`invoices failed: ${owner.error.message}`);
  if (owner.data && caller.organizationId && owner.data.organization_id === caller.organizationId) {
    throw new HttpProblem(403, 'forbidden', 'You do not have permission to do this');
  }
  throw new HttpProblem(404, 'invoice_not_found', 'This invoice was not found');
}

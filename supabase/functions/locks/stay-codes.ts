// A code per stay (issue 15): POST /locks/stay-codes/process, called by the database (booking
// triggers and the minute's job, pg_net with the service key). Claims the due booking_lock_codes
// and makes the lock hold what each wants: the stay's code from check-in to check-out time
// (added through the gateway, or moved with /keyboardPwd/change when the dates changed), or
// nothing after a cancellation. Every attempt is reported to stay_lock_code_finish, which keeps
// the error for the booking and retries with back-off.
import type { SupabaseClient } from '../_shared/supabase.ts';
import { Problem } from './errors.ts';

export interface StayCode {
  id: string;
  booking_id: string;
  unit_id: string;
  code: string;
  starts_at: string;
  ends_at: string;
  wanted: 'present' | 'absent';
  lock_id: string | null;
  provider_passcode_id: string | null;
  synced_starts_at: string | null;
  synced_ends_at: string | null;
  updated_at: string;
}

type Call = (
  path: string,
  params: Record<string, string | number>,
  method?: 'GET' | 'POST',
) => Promise<Record<string, unknown>>;
export type Session = (unitId: string) => Promise<{ lockId: string; call: Call }>;

/** What the lock now holds for the row: the lock and passcode id, or nulls when removed. */
async function apply(row: StayCode, session: Session, reference: string): Promise<[string | null, string | null]> {
  if (row.wanted === 'absent') {
    if (!row.provider_passcode_id || !row.lock_id) return [null, null];
    const { call } = await session(row.unit_id);
    try {
      await call('/v3/keyboardPwd/delete', {
        lockId: row.lock_id,
        keyboardPwdId: row.provider_passcode_id,
        deleteType: 2,
      });
    } catch (error) {
      // Already gone from the lock: what was wanted.
      if (!(error instanceof Problem && error.code === 'lock_request_invalid')) throw error;
    }
    return [null, null];
  }
  const { lockId, call } = await session(row.unit_id);
  const start = Date.parse(row.starts_at);
  const end = Date.parse(row.ends_at);
  if (row.provider_passcode_id && row.lock_id === lockId) {
    const same =
      row.synced_starts_at &&
      row.synced_ends_at &&
      Date.parse(row.synced_starts_at) === start &&
      Date.parse(row.synced_ends_at) === end;
    if (!same) {
      await call('/v3/keyboardPwd/change', {
        lockId,
        keyboardPwdId: row.provider_passcode_id,
        startDate: start,
        endDate: end,
        changeType: 2,
      });
    }
    return [lockId, row.provider_passcode_id];
  }
  if (row.provider_passcode_id && row.lock_id) {
    // The stay moved to another unit: take the code off the old lock first (best effort).
    await call('/v3/keyboardPwd/delete', {
      lockId: row.lock_id,
      keyboardPwdId: row.provider_passcode_id,
      deleteType: 2,
    }).catch(() => undefined);
  }
  const added = await call('/v3/keyboardPwd/add', {
    lockId,
    keyboardPwd: row.code,
    keyboardPwdName: `Stay ${reference}`.slice(0, 100),
    keyboardPwdType: 3,
    startDate: start,
    endDate: end,
    addType: 2,
  });
  return [lockId, String(added.keyboardPwdId)];
}

/** Works through the due stay codes; how many were done and how many failed. */
export async function processStayCodes(
  db: SupabaseClient,
  session: Session,
): Promise<{ done: number; failed: number }> {
  const { data, error } = await db.rpc('stay_lock_codes_claim', { batch: 20 });
  if (error) throw new Error(`stay_lock_codes_claim failed: ${error.message}`);
  const rows = (data ?? []) as StayCode[];
  const result = { done: 0, failed: 0 };
  for (const row of rows) {
    const booking = await db.from('bookings').select('booking_reference').eq('id', row.booking_id).maybeSingle();
    const reference =
      (booking.data as { booking_reference?: string } | null)?.booking_reference ?? row.booking_id.slice(0, 8);
    let outcome: Record<string, unknown>;
    try {
      const [lockId, passcodeId] = await apply(row, session, reference);
      outcome = { done: true, lock_id: lockId, provider_passcode_id: passcodeId };
      result.done++;
    } catch (failure) {
      const problem = failure instanceof Problem ? failure : null;
      if (!problem) console.error('locks: stay code', row.id, failure);
      outcome = {
        done: false,
        error_code: problem?.code ?? 'internal_error',
        error: problem?.message ?? 'Something went wrong while talking to the lock.',
      };
      result.failed++;
    }
    const finished = await db.rpc('stay_lock_code_finish', { id: row.id, as_of: row.updated_at, ...outcome });
    if (finished.error) throw new Error(`stay_lock_code_finish failed: ${finished.error.message}`);
  }
  return result;
}

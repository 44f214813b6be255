import type { TeamRole, TeamRow, TeamPage } from '../schemas';

/** What the list shows as a row's status (SPEC §4 User), a lapsed invitation told apart. */
export type DisplayStatus = 'active' | 'inactive' | 'pending' | 'expired';

export function displayStatus(row: TeamRow, now: Date = new Date()): DisplayStatus {
  if (row.kind === 'invitation') {
    return row.expires_at && new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'pending';
  }
  return row.status === 'inactive' ? 'inactive' : 'active';
}

export const STATUS_BADGE = {
  active: 'success',
  pending: 'info',
  expired: 'warning',
  inactive: 'neutral',
} as const satisfies Record<DisplayStatus, 'success' | 'info' | 'warning' | 'neutral'>;

/** The name a row goes by: a member's name, else their (or the invitation's) address. */
export function rowName(row: TeamRow): string {
  return row.full_name?.trim() || row.email || '';
}

/** A built-in role by its key, in the reader's language; a custom role by the name it was given. */
export function roleLabel(role: TeamRole | { key: string | null; name: string }, t: (key: string) => string): string {
  return role.key === 'admin' || role.key === 'manager' || role.key === 'member' ? t(`roles.${role.key}`) : role.name;
}

/** How long an e-mail queued without an answer is still "on its way" (the database calls the function after commit). */
export const DELIVERY_GRACE_MS = 5 * 60_000;

/**
 * Where an invitation's latest e-mail is: sent, refused by the provider, on its way (queued a
 * moment ago), or unconfirmed (never queued — the demo seed — or no answer came): resend it.
 */
export function deliveryState(
  row: TeamRow,
  now: Date = new Date(),
): 'sent' | 'failed' | 'sending' | 'unconfirmed' | null {
  if (row.kind !== 'invitation') return null;
  if (row.email_sent_at) return 'sent';
  if (row.email_error) return 'failed';
  const requested = row.email_requested_at ? new Date(row.email_requested_at).getTime() : null;
  return requested !== null && now.getTime() - requested < DELIVERY_GRACE_MS ? 'sending' : 'unconfirmed';
}

export type RowAction = 'deactivate' | 'reactivate' | 'resend' | 'cancel';
export type ActionReason = 'owner' | 'self' | 'not_manageable' | 'invitation_not_manageable';

/**
 * The actions a row offers, each either available or disabled with the reason (keys of `reasons`).
 * The database decides in the end; this only keeps buttons that would be refused from looking usable.
 */
export function rowActions(row: TeamRow): { action: RowAction; reason: ActionReason | null }[] {
  if (row.kind === 'invitation') {
    return [
      { action: 'resend', reason: row.manageable ? null : 'invitation_not_manageable' },
      // Revoking gives nothing to anyone: every holder of users.manage may.
      { action: 'cancel', reason: null },
    ];
  }
  if (row.status === 'inactive') {
    return [{ action: 'reactivate', reason: row.manageable ? null : 'not_manageable' }];
  }
  const reason: ActionReason | null = row.is_owner
    ? 'owner'
    : row.is_self
      ? 'self'
      : row.manageable
        ? null
        : 'not_manageable';
  return [{ action: 'deactivate', reason }];
}

/** Every seat of the plan is taken (members not inactive plus live invitations). */
export function seatsFull(seats: TeamPage['seats'] | undefined): boolean {
  return seats !== undefined && seats.limit !== null && seats.used >= seats.limit;
}

/** An address or a phone inside a sentence of either direction: kept whole, left to right (LRI … PDI). */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}

import { describe, expect, it } from 'vitest';
import type { TeamRow } from '../schemas';
import { deliveryState, displayStatus, roleLabel, rowActions, rowName, seatsFull } from './team-row';

const NOW = new Date('2026-11-27T12:00:00Z');

function member(overrides: Partial<TeamRow> = {}): TeamRow {
  return {
    kind: 'member',
    id: 'p1',
    user_id: 'u1',
    full_name: 'Faisal Al-Otaibi',
    email: 'faisal@demo.example',
    phone: '+966500000003',
    language: 'en',
    status: 'active',
    last_login_at: '2026-11-27T07:00:00Z',
    created_at: '2026-07-01T00:00:00Z',
    is_owner: false,
    is_self: false,
    manageable: true,
    roles: [{ id: 'r3', key: 'member', name: 'Team Member' }],
    expires_at: null,
    email_sent_at: null,
    email_requested_at: null,
    email_error: null,
    invited_by_name: null,
    ...overrides,
  };
}

function invitation(overrides: Partial<TeamRow> = {}): TeamRow {
  return member({
    kind: 'invitation',
    id: 'i1',
    user_id: null,
    full_name: null,
    phone: null,
    email: 'sara@example.com',
    status: 'pending',
    last_login_at: null,
    roles: [{ id: 'r2', key: 'manager', name: 'Manager' }],
    expires_at: '2026-12-01T00:00:00Z',
    invited_by_name: 'Abdullah',
    ...overrides,
  });
}

describe('displayStatus', () => {
  it('members are active or inactive; invitations pending until they lapse', () => {
    expect(displayStatus(member(), NOW)).toBe('active');
    expect(displayStatus(member({ status: 'inactive' }), NOW)).toBe('inactive');
    expect(displayStatus(invitation(), NOW)).toBe('pending');
    expect(displayStatus(invitation({ expires_at: '2026-11-27T12:00:00Z' }), NOW)).toBe('expired');
  });
});

describe('names and roles', () => {
  it('a row goes by its name, else its address', () => {
    expect(rowName(member())).toBe('Faisal Al-Otaibi');
    expect(rowName(member({ full_name: '  ' }))).toBe('faisal@demo.example');
    expect(rowName(invitation())).toBe('sara@example.com');
  });

  it('built-in roles are translated by key, custom ones keep their name', () => {
    const t = (key: string) => `T(${key})`;
    expect(roleLabel({ key: 'admin', name: 'Administrator' }, t)).toBe('T(roles.admin)');
    expect(roleLabel({ key: null, name: 'Accountant' }, t)).toBe('Accountant');
  });
});

describe('deliveryState', () => {
  it('says where an invitation e-mail is; members have none', () => {
    expect(deliveryState(member(), NOW)).toBeNull();
    expect(deliveryState(invitation({ email_sent_at: NOW.toISOString() }), NOW)).toBe('sent');
    expect(deliveryState(invitation({ email_error: 'E-mail provider 422: Boom' }), NOW)).toBe('failed');
  });

  it('queued a moment ago is on its way; never queued, or no answer for minutes, is unconfirmed', () => {
    expect(deliveryState(invitation({ email_requested_at: '2026-11-27T11:58:00Z' }), NOW)).toBe('sending');
    expect(deliveryState(invitation({ email_requested_at: '2026-11-27T11:50:00Z' }), NOW)).toBe('unconfirmed');
    expect(deliveryState(invitation({ email_requested_at: null }), NOW)).toBe('unconfirmed');
  });
});

describe('rowActions', () => {
  it('an active member can be deactivated, unless owner, oneself or beyond the caller', () => {
    expect(rowActions(member())).toEqual([{ action: 'deactivate', reason: null }]);
    expect(rowActions(member({ is_owner: true, is_self: true }))).toEqual([{ action: 'deactivate', reason: 'owner' }]);
    expect(rowActions(member({ is_self: true }))).toEqual([{ action: 'deactivate', reason: 'self' }]);
    expect(rowActions(member({ manageable: false }))).toEqual([{ action: 'deactivate', reason: 'not_manageable' }]);
  });

  it('an inactive member can be reactivated by someone who could grant their roles', () => {
    expect(rowActions(member({ status: 'inactive' }))).toEqual([{ action: 'reactivate', reason: null }]);
    expect(rowActions(member({ status: 'inactive', manageable: false }))).toEqual([
      { action: 'reactivate', reason: 'not_manageable' },
    ]);
  });

  it('an invitation is resent by someone who may give its role, and cancelled by anyone managing users', () => {
    expect(rowActions(invitation())).toEqual([
      { action: 'resend', reason: null },
      { action: 'cancel', reason: null },
    ]);
    expect(rowActions(invitation({ manageable: false }))[0]).toEqual({
      action: 'resend',
      reason: 'invitation_not_manageable',
    });
  });
});

describe('seatsFull', () => {
  it('only a limited plan with every seat taken is full', () => {
    expect(seatsFull({ limit: null, used: 40 })).toBe(false);
    expect(seatsFull({ limit: 1, used: 0 })).toBe(false);
    expect(seatsFull({ limit: 1, used: 1 })).toBe(true);
    expect(seatsFull(undefined)).toBe(false);
  });
});

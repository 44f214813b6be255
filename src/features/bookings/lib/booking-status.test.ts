import { describe, expect, it } from 'vitest';
import {
  ACTION_TARGET,
  REQUEST_DECLINED_REASON,
  REQUEST_EXPIRED_REASON,
  availableActions,
  cancellationReasonKey,
  isEditable,
  requestNoticeChannels,
} from './booking-status';

describe('booking status actions (SPEC §4)', () => {
  it('offers confirm/cancel for pending, check in/cancel for confirmed, check out for checked in', () => {
    expect(availableActions('pending')).toEqual(['confirm', 'cancel']);
    expect(availableActions('confirmed')).toEqual(['check_in', 'cancel']);
    expect(availableActions('checked_in')).toEqual(['check_out']);
  });

  it('offers nothing for finished or cancelled stays, and they are not editable', () => {
    expect(availableActions('checked_out')).toEqual([]);
    expect(availableActions('cancelled')).toEqual([]);
    expect(isEditable('checked_out')).toBe(false);
    expect(isEditable('cancelled')).toBe(false);
    expect(isEditable('confirmed')).toBe(true);
  });

  it('maps each action to its status', () => {
    expect(ACTION_TARGET).toEqual({
      confirm: 'confirmed',
      check_in: 'checked_in',
      check_out: 'checked_out',
      cancel: 'cancelled',
    });
  });

  it('translates the reasons the database gives an expired or declined public request, and only those', () => {
    expect(cancellationReasonKey(REQUEST_EXPIRED_REASON)).toBe('details.request_expired');
    expect(cancellationReasonKey(REQUEST_DECLINED_REASON)).toBe('details.request_declined');
    // The value decline_requests_and_book() writes (20261123170500).
    expect(REQUEST_DECLINED_REASON).toBe('Request declined');
    expect(cancellationReasonKey('Guest changed plans')).toBeNull();
    expect(cancellationReasonKey('request expired')).toBeNull();
  });

  it('says how the guest of a pending public request hears the answer, and nothing for other stays', () => {
    const request = { status: 'pending' as const, request_expires_at: '2031-05-01T09:30:00Z', client: { email: null } };
    expect(requestNoticeChannels(request)).toBe('sms');
    expect(requestNoticeChannels({ ...request, client: { email: 'reem@example.com' } })).toBe('sms_email');
    // Confirmed (even from a request) or staff's own pending booking: a status change tells nobody.
    expect(requestNoticeChannels({ ...request, status: 'confirmed' })).toBeNull();
    expect(requestNoticeChannels({ ...request, request_expires_at: null })).toBeNull();
  });
});

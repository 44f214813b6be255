import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { preferredChannel, reachableChannels, sendRefusalOf } from './channels';

describe('reachableChannels', () => {
  it('offers WhatsApp only when connected and the guest has a phone, e-mail only with an address', () => {
    expect(reachableChannels({ client_phone: '+966501234567', client_email: 'a@b.sa' }, true)).toEqual([
      'whatsapp',
      'sms',
      'email',
    ]);
    expect(reachableChannels({ client_phone: '+966501234567', client_email: null }, false)).toEqual(['sms']);
    expect(reachableChannels({ client_phone: null, client_email: 'a@b.sa' }, true)).toEqual(['email']);
  });

  it('starts a draft on the last channel while it is still reachable', () => {
    expect(preferredChannel(['whatsapp', 'sms'], 'sms')).toBe('sms');
    expect(preferredChannel(['sms'], 'whatsapp')).toBe('sms');
    expect(preferredChannel([], 'sms')).toBeNull();
  });
});

describe('sendRefusalOf', () => {
  it('finds the hint of the PostgREST answer behind the app error', () => {
    const cause = { code: 'PT409', message: 'Window closed', hint: 'whatsapp_window_closed', details: null };
    expect(sendRefusalOf(new AppError('invalid_input', { cause, code: 'PT409' }))).toBe('whatsapp_window_closed');
    expect(sendRefusalOf(new AppError('network'))).toBeNull();
  });
});

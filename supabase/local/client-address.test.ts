import { describe, expect, it } from 'vitest';
import { clientAddressHeaders, isClientAddressHeader, isLoopback, normalisePeerAddress } from './client-address';

describe('client address', () => {
  it('writes IPv4-mapped peers as IPv4 and refuses anything that is not an address', () => {
    expect(normalisePeerAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalisePeerAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(normalisePeerAddress('::1')).toBe('::1');
    expect(normalisePeerAddress(undefined)).toBe('0.0.0.0');
    expect(normalisePeerAddress('10.0.0.1, 10.0.0.2')).toBe('0.0.0.0');
  });

  it('drops every header a client could use to claim an address, in any case', () => {
    for (const name of ['X-Forwarded-For', 'x-real-ip', 'CF-Connecting-IP', 'Forwarded', 'True-Client-IP'])
      expect(isClientAddressHeader(name)).toBe(true);
    expect(isClientAddressHeader('authorization')).toBe(false);
    expect(clientAddressHeaders('192.0.2.1')).toEqual({
      'cf-connecting-ip': '192.0.2.1',
      'x-real-ip': '192.0.2.1',
      'x-forwarded-for': '192.0.2.1',
    });
  });

  it('knows loopback peers', () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('192.168.1.2')).toBe(false);
  });
});

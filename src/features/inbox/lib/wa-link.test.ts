import { describe, expect, it, vi } from 'vitest';
import { openChatApp, whatsappChatLink } from './wa-link';

describe('whatsappChatLink', () => {
  it('keeps the digits of the number and encodes the text', () => {
    expect(whatsappChatLink('+966 50 123 4567', 'مرحبا & welcome')).toBe(
      `https://wa.me/966501234567?text=${encodeURIComponent('مرحبا & welcome')}`,
    );
  });

  it('leaves the text out when the draft is blank, and refuses a number too short to dial', () => {
    expect(whatsappChatLink('+966501234567', '  ')).toBe('https://wa.me/966501234567');
    expect(whatsappChatLink('12', 'hi')).toBeNull();
  });
});

describe('openChatApp', () => {
  it('reports a blocked pop-up (null) and a browser that throws as a failure', () => {
    expect(
      openChatApp(
        'https://wa.me/1',
        vi.fn(() => null),
      ),
    ).toBe(false);
    expect(
      openChatApp(
        'https://wa.me/1',
        vi.fn(() => {
          throw new Error('blocked');
        }),
      ),
    ).toBe(false);
    expect(
      openChatApp(
        'https://wa.me/1',
        vi.fn(() => ({}) as Window),
      ),
    ).toBe(true);
  });
});

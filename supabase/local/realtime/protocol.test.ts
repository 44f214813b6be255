import { describe, expect, it } from 'vitest';
import Serializer from '@supabase/realtime-js/dist/main/lib/serializer';
import { decodeFrame, encodeFrame, parseVsn } from './protocol';

describe('Phoenix frames', () => {
  it('reads vsn 2.0.0 arrays, 1.0.0 objects, and encodes each back', () => {
    const frame = { join_ref: '1', ref: '2', topic: 'realtime:x', event: 'phx_join', payload: { a: 1 } };
    expect(
      decodeFrame('2.0.0', Buffer.from(JSON.stringify(['1', '2', 'realtime:x', 'phx_join', { a: 1 }])), false),
    ).toEqual(frame);
    expect(decodeFrame('1.0.0', Buffer.from(JSON.stringify(frame)), false)).toEqual(frame);
    expect(JSON.parse(encodeFrame('2.0.0', frame))).toEqual(['1', '2', 'realtime:x', 'phx_join', { a: 1 }]);
    expect(JSON.parse(encodeFrame('1.0.0', frame))).toEqual(frame);
    expect(parseVsn(null)).toBe('1.0.0');
    expect(parseVsn('3.0.0')).toBeNull();
  });

  it("decodes realtime-js's binary user broadcast push", () => {
    const serializer = new Serializer();
    const message = {
      join_ref: '3',
      ref: '7',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'typing', payload: { who: 'ع' } },
    };
    const encoded = serializer.encode(message, (b: unknown) => b) as unknown as ArrayBuffer;
    expect(decodeFrame('2.0.0', Buffer.from(encoded), true)).toEqual(message);
  });
});

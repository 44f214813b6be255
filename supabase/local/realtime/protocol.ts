/**
 * The Phoenix channel wire format Supabase Realtime speaks (docs/local-stack.md, "Realtime").
 * - vsn 1.0.0: every frame is a JSON object `{join_ref, ref, topic, event, payload}`.
 * - vsn 2.0.0 (realtime-js's default): a JSON array `[join_ref, ref, topic, event, payload]`,
 *   and a client's broadcast with a string `event` arrives as a binary "user broadcast push"
 *   (realtime-js lib/serializer.ts): kind 3, then the lengths of join_ref, ref, topic, event,
 *   metadata, an encoding byte (0 binary, 1 JSON), the strings, and the payload bytes.
 */

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

const USER_BROADCAST_PUSH = 3;
const JSON_ENCODING = 1;

/** The serializer version a socket asked for (`?vsn=`); Phoenix's default is 1.0.0. */
export function parseVsn(value: string | null): Vsn | null {
  if (value === null || value === '' || value === '1.0.0') return '1.0.0';
  if (value === '2.0.0') return '2.0.0';
  return null;
}

export function encodeFrame(vsn: Vsn, frame: Frame): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.join_ref, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify(frame);
}

function asPayload(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A text or binary frame from the client; null when it is not one this server understands. */
export function decodeFrame(vsn: Vsn, data: Buffer, isBinary: boolean): Frame | null {
  if (isBinary) return decodeUserBroadcastPush(data);
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
  if (vsn === '2.0.0' && Array.isArray(parsed)) {
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return null;
    return { join_ref: str(joinRef), ref: str(ref), topic, event, payload: asPayload(payload) };
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const o = parsed as Record<string, unknown>;
    if (typeof o.topic !== 'string' || typeof o.event !== 'string') return null;
    return {
      join_ref: str(o.join_ref),
      ref: str(o.ref),
      topic: o.topic,
      event: o.event,
      payload: asPayload(o.payload),
    };
  }
  return null;
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
}

/** realtime-js `_encodeUserBroadcastPush`, read back: a `broadcast` frame whose payload is `{type, event, payload}`. */
function decodeUserBroadcastPush(data: Buffer): Frame | null {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) return null;
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [1, 2, 3, 4, 5, 6].map((i) => data[i] ?? 0) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  let offset = 7;
  const take = (n: number) => {
    const s = data.toString('utf8', offset, offset + n);
    offset += n;
    return s;
  };
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const event = take(eventLen);
  const meta = take(metaLen);
  if (offset > data.length) return null;
  const body = data.subarray(offset);
  let userPayload: unknown;
  try {
    userPayload = encoding === JSON_ENCODING ? JSON.parse(body.toString('utf8')) : body.toString('base64');
  } catch {
    return null;
  }
  let metadata: Record<string, unknown> = {};
  try {
    metadata = meta ? asPayload(JSON.parse(meta)) : {};
  } catch {
    metadata = {};
  }
  return {
    join_ref: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { ...metadata, type: 'broadcast', event, payload: userPayload },
  };
}

/**
 * Presence as Phoenix.Presence keeps it for Realtime: per topic, per presence key, one meta per
 * tracking channel (`{...payload, phx_ref}`); `presence_state` for a joining channel, and
 * `presence_diff` `{joins, leaves}` to every channel of the topic on track / untrack / leave.
 */
import { randomUUID } from 'node:crypto';

export type Meta = Record<string, unknown> & { phx_ref: string };
type State = Record<string, { metas: Meta[] }>;

export interface Presences<C> {
  state(topic: string): State;
  track(ch: C, topic: string, key: string, payload: Record<string, unknown>): void;
  untrack(ch: C, topic: string, key: string): void;
}

/** `diff(topic, payload)` sends a presence_diff to every channel joined to `topic`. */
export function createPresences<C>(diff: (topic: string, payload: Record<string, State>) => void): Presences<C> {
  /** topic → presence key → the meta each channel tracks under it. */
  const topics = new Map<string, Map<string, Map<C, Meta>>>();
  const send = (topic: string, key: string, joins: Meta[], leaves: Meta[]) =>
    diff(topic, {
      joins: joins.length ? { [key]: { metas: joins } } : {},
      leaves: leaves.length ? { [key]: { metas: leaves } } : {},
    });
  return {
    state(topic) {
      const state: State = {};
      for (const [key, byChannel] of topics.get(topic) ?? []) state[key] = { metas: [...byChannel.values()] };
      return state;
    },
    track(ch, topic, key, payload) {
      const byKey = topics.get(topic) ?? new Map<string, Map<C, Meta>>();
      topics.set(topic, byKey);
      const byChannel = byKey.get(key) ?? new Map<C, Meta>();
      byKey.set(key, byChannel);
      const previous = byChannel.get(ch);
      const meta: Meta = { ...payload, phx_ref: randomUUID() };
      byChannel.set(ch, meta);
      send(topic, key, [meta], previous ? [previous] : []);
    },
    untrack(ch, topic, key) {
      const byKey = topics.get(topic);
      const byChannel = byKey?.get(key);
      const meta = byChannel?.get(ch);
      if (!byKey || !byChannel || !meta) return;
      byChannel.delete(ch);
      if (byChannel.size === 0) byKey.delete(key);
      if (byKey.size === 0) topics.delete(topic);
      send(topic, key, [], [meta]);
    },
  };
}

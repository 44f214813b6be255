import type { Conversation, MessageChannel } from '../schemas';

/**
 * The channels a guest can receive a message on: WhatsApp when the organisation has connected
 * it and the guest has a phone, SMS with a phone, e-mail with an address. The server refuses the
 * rest anyway (invalid_phone, client_no_email, whatsapp_not_connected); the composer does not offer them.
 */
export function reachableChannels(
  conversation: Pick<Conversation, 'client_phone' | 'client_email'>,
  whatsappConnected: boolean,
): MessageChannel[] {
  const channels: MessageChannel[] = [];
  const phone = conversation.client_phone?.trim();
  if (phone && whatsappConnected) channels.push('whatsapp');
  if (phone) channels.push('sms');
  if (conversation.client_email?.trim()) channels.push('email');
  return channels;
}

/** The channel a new draft starts on: the one the guest last wrote or was written on, if still reachable. */
export function preferredChannel(
  available: readonly MessageChannel[],
  last: MessageChannel | null,
): MessageChannel | null {
  if (last && available.includes(last)) return last;
  return available[0] ?? null;
}

/** send_message's refusals (contract §1.3) a composer explains in its own words. */
export const SEND_REFUSALS = [
  'client_opted_out',
  'client_no_email',
  'invalid_phone',
  'message_too_long',
  'whatsapp_not_connected',
  'whatsapp_window_closed',
  'template_unknown_variable',
] as const;
export type SendRefusal = (typeof SEND_REFUSALS)[number];

/** The refusal key of a failed send (the HINT of private.fail), or null for any other failure. */
export function sendRefusalOf(error: unknown): SendRefusal | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // AppError keeps PostgREST's answer as its cause.
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const { hint, message } = current as { hint?: unknown; message?: unknown };
    for (const candidate of [hint, message]) {
      if (typeof candidate === 'string' && (SEND_REFUSALS as readonly string[]).includes(candidate)) {
        return candidate as SendRefusal;
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** SMS and WhatsApp limits of send_message (message_too_long). */
export const MAX_LENGTH: Record<MessageChannel, number> = { sms: 1000, whatsapp: 4096, email: 10000 };

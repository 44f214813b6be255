import { z } from 'zod';

/** The enums of public.messages (20261122001900_messages.sql). */
export const MESSAGE_CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const messageChannelSchema = z.enum(MESSAGE_CHANNELS);
export const messageStatusSchema = z.enum(['queued', 'sent', 'delivered', 'read', 'failed']);
export type MessageStatus = z.infer<typeof messageStatusSchema>;
export const messageDirectionSchema = z.enum(['inbound', 'outbound']);

/** `client:<uuid>` for a known guest, `address:<e164>` for a sender the organisation has no client for. */
export const CONVERSATION_KEY = /^(client:[0-9a-f-]{36}|address:\+?[0-9A-Za-z@._+-]{3,254})$/;

/** One row of `inbox_conversations` (contract §1.3): the guest, their stay, the last message. */
export const conversationSchema = z.object({
  conversation_key: z.string(),
  client_id: z.string().nullable(),
  client_name: z.string().nullable(),
  client_phone: z.string().nullable(),
  client_email: z.string().nullable(),
  preferred_language: z.string().nullable(),
  opted_out: z
    .boolean()
    .nullable()
    .transform((value) => value === true),
  booking_id: z.string().nullable(),
  booking_reference: z.string().nullable(),
  unit_name: z.string().nullable(),
  check_in: z.string().nullable(),
  check_out: z.string().nullable(),
  last_message_at: z.string().nullable(),
  last_body: z.string().nullable(),
  last_direction: messageDirectionSchema.nullable(),
  last_channel: messageChannelSchema.nullable(),
  last_status: messageStatusSchema.nullable(),
  unread_count: z
    .number()
    .int()
    .nullable()
    .transform((value) => value ?? 0),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** The columns of public.messages a thread shows. */
export const MESSAGE_COLUMNS =
  'id, client_id, booking_id, channel, direction, to_address, from_address, subject, body, status, error, attempts, next_attempt_at, sent_at, delivered_at, read_at, failed_at, seen_at, created_at';

export const messageSchema = z.object({
  id: z.string(),
  client_id: z.string().nullable(),
  booking_id: z.string().nullable(),
  channel: messageChannelSchema,
  direction: messageDirectionSchema,
  to_address: z.string(),
  from_address: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  status: messageStatusSchema,
  error: z.string().nullable(),
  attempts: z.number().nullable().optional(),
  next_attempt_at: z.string().nullable().optional(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable().optional(),
  read_at: z.string().nullable().optional(),
  failed_at: z.string().nullable().optional(),
  seen_at: z.string().nullable().optional(),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** `whatsapp_window(client_id)`: may a free-text WhatsApp message go out now, and until when. */
export const whatsappWindowSchema = z.object({
  open: z.boolean(),
  closes_at: z.string().nullable(),
  connected: z.boolean(),
});
export type WhatsappWindow = z.infer<typeof whatsappWindowSchema>;

/** `render_message_template` / `render_message_text`: the text the guest would receive. */
export const renderedMessageSchema = z.object({
  subject: z.string().nullable(),
  body: z.string(),
  unknown: z.array(z.string()).nullable().default([]),
});
export type RenderedMessage = z.infer<typeof renderedMessageSchema>;

/** A template the composer offers (manual ones and the texts of the automatic messages). */
export const messageTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string().nullable(),
  whatsapp_template_name: z.string().nullable(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/** What `send_message` is asked to send (contract §1.3). */
export interface SendMessageInput {
  clientId: string;
  channel: MessageChannel;
  body: string;
  bookingId: string | null;
  templateId: string | null;
  subject: string | null;
  /** One per draft: a retry after a network error sends the same key, the server answers the first row. */
  idempotencyKey: string;
}

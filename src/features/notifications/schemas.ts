import { z } from 'zod';

/** The events the database produces (public.notification_event), in the order the settings list them. */
export const notificationEvents = [
  'booking_created',
  'booking_requested',
  'arrivals_today',
  'invoice_overdue',
  'task_assigned',
  'task_completed',
  'review_received',
  'channel_conflict',
  'financial_alert',
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

/** The channels offered today; the messaging work adds sms and whatsapp (enum values + columns here). */
export const notificationChannels = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** Task events also reach the people of the task. */
export const TASK_EVENTS: ReadonlySet<NotificationEvent> = new Set(['task_assigned', 'task_completed']);

/** One event × channel rule, as read and as saved (shared by the settings form and the request). */
export const notificationRuleSchema = z.object({
  event: z.enum(notificationEvents),
  channel: z.enum(notificationChannels),
  enabled: z.boolean(),
  role_ids: z.array(z.string().uuid()).max(50),
  notify_assignee: z.boolean(),
  notify_creator: z.boolean(),
});
export type NotificationRule = z.infer<typeof notificationRuleSchema>;

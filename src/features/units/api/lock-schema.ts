import { z } from 'zod';

/** SPEC §9: a passcode is 6 digits. */
export const PASSCODE_PATTERN = /^[0-9]{6}$/;

/**
 * A passcode to create (the form and the locks function's request). Empty fields are
 * "Please fill in all fields" (SPEC §8); dates are the form's datetime-local values.
 */
export const passcodeInputSchema = z
  .object({
    name: z.string().trim().min(1, 'fields_required').max(100, 'name_too_long'),
    code: z.string().trim().min(1, 'fields_required').regex(PASSCODE_PATTERN, 'passcode_invalid'),
    kind: z.enum(['temporary', 'permanent']),
    starts_at: z.string(),
    ends_at: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.kind !== 'temporary') return;
    if (!value.starts_at || !value.ends_at) {
      ctx.addIssue({ code: 'custom', message: 'fields_required', path: [value.starts_at ? 'ends_at' : 'starts_at'] });
    } else if (Date.parse(value.ends_at) <= Date.parse(value.starts_at)) {
      ctx.addIssue({ code: 'custom', message: 'passcode_period_invalid', path: ['ends_at'] });
    }
  });
export type PasscodeInput = z.infer<typeof passcodeInputSchema>;

/** A custom passcode on the lock, as the locks function lists it. */
export const lockPasscodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  kind: z.enum(['temporary', 'permanent']),
  status: z.enum(['active', 'invalid']),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});
export type LockPasscode = z.infer<typeof lockPasscodeSchema>;

export const lockPasscodePageSchema = z.object({
  passcodes: z.array(lockPasscodeSchema),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});

/** A lock record (who opened the lock, when, how, whether it worked). */
export const lockRecordSchema = z.object({
  id: z.string(),
  at: z.string(),
  method: z.string(),
  success: z.boolean(),
  who: z.string().nullable(),
});
export type LockRecord = z.infer<typeof lockRecordSchema>;

export const lockRecordPageSchema = z.object({
  records: z.array(lockRecordSchema),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export type LockRecordPage = z.infer<typeof lockRecordPageSchema>;

export const lockConnectionSchema = z.object({
  ok: z.literal(true),
  lock_id: z.string(),
  lock_alias: z.string().nullable(),
  battery: z.number().nullable(),
  has_gateway: z.boolean(),
  wifi: z.boolean(),
});
export type LockConnection = z.infer<typeof lockConnectionSchema>;

const MAC = /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/i;

/**
 * The lock settings form: identifiers (stored on the unit) and the lock account. The password,
 * client id and secret are write-only: blank keeps what is stored.
 */
export const lockSettingsSchema = z.object({
  smart_lock_id: z.string().trim().max(100),
  lock_mac_address: z
    .string()
    .trim()
    .refine((v) => v === '' || MAC.test(v), 'mac_invalid'),
  lock_gateway_id: z.string().trim().max(100),
  account_username: z.string().trim().max(200),
  account_password: z.string().max(200),
  client_id: z.string().trim().max(200),
  client_secret: z.string().max(200),
});
export type LockSettingsInput = z.infer<typeof lockSettingsSchema>;

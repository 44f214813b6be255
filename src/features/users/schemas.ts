import { z } from 'zod';
import { toWesternDigits } from '@/lib/digits';
import { Constants } from '@/types/database';

/** SPEC §4 User: active, pending invitation, inactive — the list's status filter. */
export const TEAM_STATUSES = ['active', 'pending', 'inactive'] as const;
export type TeamStatus = (typeof TEAM_STATUSES)[number];
export type TeamStatusFilter = 'all' | TeamStatus;

/** The languages an invitation is written in (the e-mail and the invitee's first language). */
export const INVITATION_LANGUAGES = ['ar', 'en'] as const;
export type InvitationLanguage = (typeof INVITATION_LANGUAGES)[number];

export const TEAM_PAGE_SIZE = 25;

export interface TeamListParams {
  search: string;
  status: TeamStatusFilter;
  page: number;
}

const roleSchema = z.object({ id: z.string(), key: z.string().nullable(), name: z.string() });
export type TeamRole = z.infer<typeof roleSchema>;

/** One row of team_members() (supabase/migrations/…_team_members.sql): a member or a pending invitation. */
export const teamRowSchema = z.object({
  kind: z.enum(['member', 'invitation']),
  id: z.string(),
  user_id: z.string().nullable(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.enum(Constants.public.Enums.language_code),
  status: z.enum(Constants.public.Enums.profile_status),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  is_owner: z.boolean(),
  is_self: z.boolean(),
  manageable: z.boolean(),
  roles: z.array(roleSchema),
  expires_at: z.string().nullable(),
  email_sent_at: z.string().nullable(),
  email_requested_at: z.string().nullable(),
  email_error: z.string().nullable(),
  invited_by_name: z.string().nullable(),
});
export type TeamRow = z.infer<typeof teamRowSchema>;

export const teamPageSchema = z.object({
  total: z.number(),
  rows: z.array(teamRowSchema),
  /** The plan's users (SPEC §9): `limit` null when unlimited; `used` counts live invitations too. */
  seats: z.object({ limit: z.number().nullable(), used: z.number() }),
});
export type TeamPage = z.infer<typeof teamPageSchema>;

export const invitableRoleSchema = z.object({
  id: z.string(),
  key: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  grantable: z.boolean(),
});
export type InvitableRole = z.infer<typeof invitableRoleSchema>;

/** One schema for the invitation form and its insert (STYLE 9); messages are `common` keys. */
export const inviteFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(254, { message: 'validation.too_long' })
    .pipe(z.email({ message: 'validation.email' }))
    .transform((email) => email.toLowerCase()),
  role_id: z.string().min(1, { message: 'validation.required' }),
  language: z.enum(INVITATION_LANGUAGES),
});
export type InviteFormInput = z.input<typeof inviteFormSchema>;
export type InviteFormValues = z.output<typeof inviteFormSchema>;

/** What invitation_preview(token) shows on the invitation page. */
export const invitationPreviewSchema = z.object({
  organization_name: z.string(),
  organization_name_ar: z.string().nullable(),
  role_key: z.string().nullable(),
  role_name: z.string(),
  email: z.string(),
  language: z.enum(Constants.public.Enums.language_code),
  status: z.enum(['pending', 'expired', 'accepted', 'revoked']),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** The one-time code the invitee types: six digits, Arabic-Indic ones read as Latin. */
export const emailCodeSchema = z
  .string()
  .transform((value) => toWesternDigits(value).replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: 'accept.code_format' }));

import { z } from 'zod';

/** One permission of the catalogue (`public.permissions`): `units.read` = module units, action read. */
export const permissionSchema = z.object({
  key: z.string(),
  module: z.string(),
  action: z.string(),
  description: z.string(),
});
export type Permission = z.infer<typeof permissionSchema>;

/** A role of the organisation with its permissions; `key` is set only on the built-in ones. */
export const roleSchema = z.object({
  id: z.string(),
  key: z.enum(['admin', 'manager', 'member']).nullable(),
  name: z.string(),
  is_system: z.boolean(),
  role_permissions: z.array(z.object({ permission: z.string() })),
});
export type Role = z.infer<typeof roleSchema>;

/** Who holds which role (`user_roles`). */
export const assignmentSchema = z.object({ id: z.string(), user_id: z.string(), role_id: z.string() });
export type Assignment = z.infer<typeof assignmentSchema>;

/** A staff member of the organisation, as the assignment list names them. */
export const memberSchema = z.object({
  user_id: z.string(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** Creating or editing a custom role: a name and at least nothing — permissions may be empty. */
export const roleFormSchema = z.object({
  name: z.string().trim().min(1, 'access:form.name_required').max(100, 'access:form.name_too_long'),
  permissions: z.array(z.string()),
});
export type RoleForm = z.infer<typeof roleFormSchema>;

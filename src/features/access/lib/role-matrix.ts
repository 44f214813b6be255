import type { Assignment, Member, Permission, Role } from '../schemas';

export interface PermissionModule {
  module: string;
  permissions: Permission[];
}

/** The catalogue grouped by module (units, clients, …) in the catalogue's own order. */
export function groupByModule(permissions: readonly Permission[]): PermissionModule[] {
  const modules = new Map<string, Permission[]>();
  for (const permission of permissions) {
    const list = modules.get(permission.module) ?? [];
    list.push(permission);
    modules.set(permission.module, list);
  }
  return [...modules].map(([module, list]) => ({ module, permissions: list }));
}

/** A role's permission keys; the administrator holds every one of them implicitly. */
export function rolePermissionKeys(role: Role, catalogue: readonly Permission[]): string[] {
  if (role.key === 'admin') return catalogue.map((permission) => permission.key);
  return role.role_permissions.map((row) => row.permission);
}

export interface RoleHolder {
  assignmentId: string;
  member: Member;
}

/** Who holds `role`, by name; assignments of people no longer listed are left out. */
export function roleHolders(role: Role, assignments: readonly Assignment[], members: readonly Member[]): RoleHolder[] {
  const byUser = new Map(members.map((member) => [member.user_id, member]));
  return assignments
    .filter((assignment) => assignment.role_id === role.id)
    .flatMap((assignment) => {
      const member = byUser.get(assignment.user_id);
      return member ? [{ assignmentId: assignment.id, member }] : [];
    });
}

/** Active members holding the administrator role (the last one cannot lose it). */
export function adminCount(roles: readonly Role[], assignments: readonly Assignment[], members: readonly Member[]) {
  const admin = roles.find((role) => role.key === 'admin');
  if (!admin) return 0;
  return roleHolders(admin, assignments, members).filter((holder) => holder.member.status === 'active').length;
}

/** A member's display name: their name, else their e-mail or phone. */
export function memberName(member: Member): string {
  return member.full_name ?? member.email ?? member.phone ?? member.user_id;
}

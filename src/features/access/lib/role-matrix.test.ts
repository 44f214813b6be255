import { describe, expect, it } from 'vitest';
import type { Assignment, Member, Permission, Role } from '../schemas';
import { adminCount, groupByModule, memberName, roleHolders, rolePermissionKeys } from './role-matrix';

const perm = (key: string): Permission => {
  const [module = '', action = ''] = key.split('.');
  return { key, module, action, description: key };
};
const catalogue = ['units.read', 'units.write', 'reports.view'].map(perm);
const admin: Role = { id: 'r-admin', key: 'admin', name: 'Administrator', is_system: true, role_permissions: [] };
const custom: Role = {
  id: 'r-c',
  key: null,
  name: 'Cleaners',
  is_system: false,
  role_permissions: [{ permission: 'units.read' }],
};
const member = (user_id: string, status = 'active'): Member => ({
  user_id,
  full_name: user_id === 'u3' ? null : `Name ${user_id}`,
  email: user_id === 'u3' ? 'u3@example.com' : null,
  phone: null,
  status,
});
const assignments: Assignment[] = [
  { id: 'a1', user_id: 'u1', role_id: 'r-admin' },
  { id: 'a2', user_id: 'u2', role_id: 'r-admin' },
  { id: 'a3', user_id: 'u3', role_id: 'r-c' },
  { id: 'a4', user_id: 'gone', role_id: 'r-c' },
];
const members = [member('u1'), member('u2', 'inactive'), member('u3')];

describe('role matrix', () => {
  it('groups the catalogue by module in order', () => {
    expect(groupByModule(catalogue).map((group) => [group.module, group.permissions.length])).toEqual([
      ['units', 2],
      ['reports', 1],
    ]);
  });

  it('gives the administrator every permission and a custom role its own', () => {
    expect(rolePermissionKeys(admin, catalogue)).toEqual(['units.read', 'units.write', 'reports.view']);
    expect(rolePermissionKeys(custom, catalogue)).toEqual(['units.read']);
  });

  it('lists holders known by name and counts only active administrators', () => {
    expect(roleHolders(custom, assignments, members).map((holder) => memberName(holder.member))).toEqual([
      'u3@example.com',
    ]);
    expect(roleHolders(admin, assignments, members)).toHaveLength(2);
    expect(adminCount([admin, custom], assignments, members)).toBe(1);
  });
});

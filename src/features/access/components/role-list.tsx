import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessOverview } from '../api/get-access-overview';
import { memberName, rolePermissionKeys, roleHolders, type PermissionModule } from '../lib/role-matrix';
import { roleLabel } from '../lib/role-label';
import type { Role } from '../schemas';
import { ConfirmAccessAction, type PendingAccessAction } from './confirm-access-action';
import { RoleCard } from './role-card';
import { RoleDialog } from './role-dialog';

export interface RoleListProps {
  data: AccessOverview;
  modules: PermissionModule[];
  can: (key: string) => boolean;
  /** The "New role" button of the page asks for the dialog. */
  creating: boolean;
  onCreatingChange: (creating: boolean) => void;
}

/** Every role as a card, with the edit dialog and the confirmations they open. */
export function RoleList({ data, modules, can, creating, onCreatingChange }: RoleListProps) {
  const { t } = useTranslation('access');
  const [editing, setEditing] = useState<Role | null>(null);
  const [pending, setPending] = useState<PendingAccessAction | null>(null);

  return (
    <>
      <div className="flex flex-col gap-4">
        {data.roles.map((role) => {
          const permissions = rolePermissionKeys(role, data.permissions);
          const holders = roleHolders(role, data.assignments, data.members);
          const name = roleLabel(role, t);
          return (
            <RoleCard
              key={role.id}
              role={role}
              permissions={permissions}
              holders={holders}
              members={data.members}
              modules={modules}
              grantable={permissions.every(can)}
              onEdit={() => setEditing(role)}
              onDelete={() => setPending({ action: 'delete', roleId: role.id, role: name, holders: holders.length })}
              onRevoke={(holder) =>
                setPending({
                  action: 'revoke',
                  assignmentId: holder.assignmentId,
                  member: memberName(holder.member),
                  role: name,
                })
              }
            />
          );
        })}
      </div>
      {creating || editing ? (
        <RoleDialog
          key={editing?.id ?? 'new'}
          role={
            editing
              ? { id: editing.id, name: editing.name, permissions: rolePermissionKeys(editing, data.permissions) }
              : null
          }
          modules={modules}
          grantable={can}
          onClose={() => {
            setEditing(null);
            onCreatingChange(false);
          }}
        />
      ) : null}
      <ConfirmAccessAction pending={pending} onClose={() => setPending(null)} />
    </>
  );
}

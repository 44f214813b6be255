import { Pencil, Trash2, UserMinus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { useAssignRole } from '../api/assign-role';
import { memberName, type PermissionModule, type RoleHolder } from '../lib/role-matrix';
import type { Member, Role } from '../schemas';
import { PermissionMatrix } from './permission-matrix';
import { roleLabel } from '../lib/role-label';

export interface RoleCardProps {
  role: Role;
  permissions: string[];
  holders: RoleHolder[];
  members: Member[];
  modules: PermissionModule[];
  /** The caller holds every permission of this role (the database's "grant only what you hold"). */
  grantable: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onRevoke: (holder: RoleHolder) => void;
}

/** One role: kind, holders (revoke), assigning it to someone else, and its permissions. */
export function RoleCard(props: RoleCardProps) {
  const { role, permissions, holders, members, modules, grantable, onEdit, onDelete, onRevoke } = props;
  const { t } = useTranslation('access');
  const assign = useAssignRole();
  const [userId, setUserId] = useState('');
  const reasonId = useId();
  const name = roleLabel(role, t);
  const candidates = members.filter(
    (member) => member.status === 'active' && !holders.some((holder) => holder.member.user_id === member.user_id),
  );
  const reason = grantable ? undefined : reasonId;

  const handleAssign = async () => {
    const member = candidates.find((candidate) => candidate.user_id === userId);
    if (!member) return;
    try {
      await assign.mutateAsync({ userId, roleId: role.id });
      toast.success(t('toast.assigned', { role: name, member: memberName(member) }));
      setUserId('');
    } catch {
      // Toasted by the mutation with the database's reason.
    }
  };

  return (
    <Card data-testid="role-card" data-role={role.name}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle level={2} className="flex flex-wrap items-center gap-2">
            {name}
            <Badge variant={role.is_system ? 'neutral' : 'info'}>
              {role.is_system ? t('role.built_in') : t('role.custom')}
            </Badge>
          </CardTitle>
          <p className="text-sm text-stone-600" data-testid="role-holder-count">
            {t('role.users', { count: holders.length })}
          </p>
        </div>
        {role.is_system ? (
          <p className="text-xs text-stone-600">{t('role.read_only')}</p>
        ) : (
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={onEdit} disabled={!grantable} aria-describedby={reason}>
              <Pencil aria-hidden="true" />
              {t('role.edit')}
            </Button>
            <Button size="sm" variant="outline" onClick={onDelete} disabled={!grantable} aria-describedby={reason}>
              <Trash2 aria-hidden="true" />
              {t('role.delete')}
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {grantable ? null : (
          <p id={reasonId} className="text-xs text-stone-600">
            {t('role.not_grantable')}
          </p>
        )}
        <ul className="flex flex-col divide-y divide-stone-100" aria-label={t('role.holders', { role: name })}>
          {holders.map((holder) => (
            <li key={holder.assignmentId} className="flex items-center justify-between gap-2 py-1.5 text-sm">
              <span className="min-w-0 truncate">{memberName(holder.member)}</span>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onRevoke(holder)}
                disabled={!grantable}
                aria-describedby={reason}
                aria-label={t('role.revoke_from', { member: memberName(holder.member), role: name })}
              >
                <UserMinus aria-hidden="true" />
                {t('role.revoke')}
              </Button>
            </li>
          ))}
        </ul>
        {grantable && candidates.length > 0 ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-stone-800">
              {t('role.assign_label', { role: name })}
              <Select value={userId} onChange={(event) => setUserId(event.target.value)} data-testid="assign-member">
                <option value="">{t('role.assign_placeholder')}</option>
                {candidates.map((member) => (
                  <option key={member.user_id} value={member.user_id}>
                    {memberName(member)}
                  </option>
                ))}
              </Select>
            </label>
            <Button onClick={handleAssign} disabled={userId === '' || assign.isPending} data-testid="assign-role">
              {t('role.assign')}
            </Button>
          </div>
        ) : null}
        <details>
          <summary className="cursor-pointer text-sm font-medium text-primary-800">
            {t('role.permissions', { count: permissions.length })}
          </summary>
          <div className="mt-2">
            <PermissionMatrix modules={modules} selected={permissions} />
          </div>
        </details>
      </CardContent>
    </Card>
  );
}

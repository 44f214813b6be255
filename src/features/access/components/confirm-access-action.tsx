import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteRole } from '../api/delete-role';
import { useRevokeRole } from '../api/revoke-role';

export type PendingAccessAction =
  | { action: 'revoke'; assignmentId: string; member: string; role: string }
  | { action: 'delete'; roleId: string; role: string; holders: number };

/** Revoking a role and deleting a custom role ask first (focus starts on Cancel). */
export function ConfirmAccessAction({
  pending,
  onClose,
}: {
  pending: PendingAccessAction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('access');
  const revoke = useRevokeRole();
  const remove = useDeleteRole();

  const text =
    pending?.action === 'delete'
      ? {
          title: t('confirm.delete_title', { role: pending.role }),
          description: t('confirm.delete_description', { count: pending.holders }),
          confirm: t('role.delete'),
        }
      : {
          title: t('confirm.revoke_title', { role: pending?.role ?? '', member: pending?.member ?? '' }),
          description: t('confirm.revoke_description'),
          confirm: t('role.revoke'),
        };

  const handleConfirm = () => {
    if (!pending) return;
    // A refusal (the last administrator, …) is toasted by the mutation with the database's reason.
    if (pending.action === 'delete') {
      remove.mutate(pending.roleId, { onSuccess: () => toast.success(t('toast.deleted', { role: pending.role })) });
    } else {
      revoke.mutate(pending.assignmentId, {
        onSuccess: () => toast.success(t('toast.revoked', { role: pending.role, member: pending.member })),
      });
    }
  };

  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && onClose()}
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      destructive
      confirmTestId="access-confirm-action"
      onConfirm={handleConfirm}
    />
  );
}

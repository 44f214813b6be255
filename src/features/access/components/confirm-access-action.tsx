import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
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
  const busy = revoke.isPending || remove.isPending;

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

  const handleConfirm = async (event: React.MouseEvent) => {
    event.preventDefault();
    if (!pending) return;
    try {
      if (pending.action === 'delete') {
        await remove.mutateAsync(pending.roleId);
        toast.success(t('toast.deleted', { role: pending.role }));
      } else {
        await revoke.mutateAsync(pending.assignmentId);
        toast.success(t('toast.revoked', { role: pending.role, member: pending.member }));
      }
    } catch {
      // Toasted by the mutation with the database's reason (the last administrator, …).
    }
    onClose();
  };

  return (
    <AlertDialog open={pending !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent data-testid="access-confirm">
        <AlertDialogTitle>{text.title}</AlertDialogTitle>
        <AlertDialogDescription>{text.description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('common:actions.cancel')}</AlertDialogCancel>
          <AlertDialogAction disabled={busy} onClick={handleConfirm} data-testid="access-confirm-action">
            {text.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

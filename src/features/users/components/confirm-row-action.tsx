import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAuth } from '@/lib/auth';
import { localized } from '@/lib/localized';
import { useCancelInvitation } from '../api/cancel-invitation';
import { useSetMemberStatus } from '../api/set-member-status';
import type { TeamRow } from '../schemas';
import { rowName } from '../lib/team-row';

export type ConfirmedAction = 'deactivate' | 'reactivate' | 'cancel';

export interface ConfirmRowActionProps {
  pending: { action: ConfirmedAction; row: TeamRow } | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Deactivating, reactivating and cancelling ask first (focus starts on Cancel). A refusal (the
 * last administrator, a plan without a free seat, …) is toasted with the database's reason.
 */
export function ConfirmRowAction({ pending, onOpenChange }: ConfirmRowActionProps) {
  const { t, i18n } = useTranslation('users');
  const { organization } = useAuth();
  const setStatus = useSetMemberStatus();
  const cancel = useCancelInvitation();
  const organizationName = organization ? localized(i18n.language, organization.name, organization.name_ar) : '';
  const name = pending ? rowName(pending.row) : '';
  const email = pending?.row.email ?? '';

  const text = (() => {
    switch (pending?.action) {
      case 'reactivate':
        return {
          title: t('status_dialog.reactivate_title', { name }),
          description: t('status_dialog.reactivate_description', { organization: organizationName }),
          confirm: t('actions.reactivate'),
          keep: t('common:actions.cancel'),
        };
      case 'cancel':
        return {
          title: t('cancel_dialog.title', { email }),
          description: t('cancel_dialog.description'),
          confirm: t('actions.cancel_invitation'),
          keep: t('cancel_dialog.keep'),
        };
      default:
        return {
          title: t('status_dialog.deactivate_title', { name }),
          description: t('status_dialog.deactivate_description', { organization: organizationName }),
          confirm: t('actions.deactivate'),
          keep: t('common:actions.cancel'),
        };
    }
  })();

  const handleConfirm = () => {
    if (!pending) return;
    const { action, row } = pending;
    if (action === 'cancel') {
      cancel.mutate(row.id, { onSuccess: () => toast.success(t('toast.cancelled', { email })) });
      return;
    }
    if (!row.user_id) return;
    const status = action === 'deactivate' ? 'inactive' : 'active';
    setStatus.mutate(
      { userId: row.user_id, status },
      {
        onSuccess: () =>
          toast.success(t(action === 'deactivate' ? 'toast.deactivated' : 'toast.reactivated', { name })),
      },
    );
  };

  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={onOpenChange}
      // A name in either script, isolated so it reads right inside a sentence of the other direction.
      title={`\u2068${text.title}\u2069`}
      description={text.description}
      confirmLabel={text.confirm}
      cancelLabel={text.keep}
      destructive={pending?.action !== 'reactivate'}
      confirmTestId="confirm-user-action-submit"
      onConfirm={handleConfirm}
    />
  );
}

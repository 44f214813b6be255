import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/errors';
import { isUnitInUseError, useDeleteUnit } from '../api/delete-unit';

/** Asks before deleting; a unit with bookings is refused by the database and the reason shown here. */
export function DeleteUnitDialog({
  target,
  onClose,
}: {
  target: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('units');
  const remove = useDeleteUnit();

  const handleOpenChange = (open: boolean) => {
    if (!open) {
      remove.reset();
      onClose();
    }
  };

  const handleConfirm = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        toast.success(t('toast.deleted', { name: target.name }));
        handleOpenChange(false);
      },
    });
  };

  const error = remove.error;
  return (
    <AlertDialog open={target !== null} onOpenChange={handleOpenChange}>
      <AlertDialogContent>
        <AlertDialogTitle>{t('delete.title', { name: target?.name ?? '' })}</AlertDialogTitle>
        <AlertDialogDescription>{t('delete.description')}</AlertDialogDescription>
        {error ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {isUnitInUseError(error) ? t('delete.has_bookings') : `${t('delete.failed')}: ${getErrorMessage(error)}`}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel>{t('common:actions.cancel')}</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction: the dialog stays open to show a refusal. */}
          <Button variant="destructive" onClick={handleConfirm} disabled={remove.isPending || isUnitInUseError(error)}>
            {t('delete.confirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useDeleteClient } from '../api/delete-client';

export interface DeleteClientDialogProps {
  client: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** Deleting asks first (focus starts on Cancel); a client with bookings is refused with a reason. */
export function DeleteClientDialog({ client, onOpenChange }: DeleteClientDialogProps) {
  const { t } = useTranslation('clients');
  const remove = useDeleteClient();
  return (
    <AlertDialog open={client !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogTitle>{t('delete.title')}</AlertDialogTitle>
        <AlertDialogDescription>{t('delete.description', { name: client?.name ?? '' })}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('common:actions.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              if (client) remove.mutate(client.id);
            }}
          >
            {t('delete.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

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
import type { ApiKeyRow } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';

export interface ApiKeyRevokeDialogProps {
  apiKey: Pick<ApiKeyRow, 'id' | 'name' | 'prefix'> | null;
  onOpenChange: (open: boolean) => void;
}

/** Revoking asks first (focus starts on Cancel): it cannot be undone. */
export function ApiKeyRevokeDialog({ apiKey, onOpenChange }: ApiKeyRevokeDialogProps) {
  const { t } = useTranslation('settings');
  const revoke = useRevokeApiKey();
  return (
    <AlertDialog open={apiKey !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogTitle>{t('security.api_keys.revoke_dialog.title')}</AlertDialogTitle>
        <AlertDialogDescription>
          {t('security.api_keys.revoke_dialog.description', { name: apiKey?.name ?? '', prefix: apiKey?.prefix ?? '' })}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('security.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              if (apiKey) revoke.mutate(apiKey.id);
            }}
            data-testid="api-key-revoke-confirm"
          >
            {t('security.api_keys.revoke_dialog.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

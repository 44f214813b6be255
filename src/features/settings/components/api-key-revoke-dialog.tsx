import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
    <ConfirmDialog
      open={apiKey !== null}
      onOpenChange={onOpenChange}
      title={t('security.api_keys.revoke_dialog.title')}
      description={t('security.api_keys.revoke_dialog.description', {
        name: apiKey?.name ?? '',
        prefix: apiKey?.prefix ?? '',
      })}
      confirmLabel={t('security.api_keys.revoke_dialog.confirm')}
      cancelLabel={t('security.cancel')}
      confirmTestId="api-key-revoke-confirm"
      onConfirm={() => {
        if (apiKey) revoke.mutate(apiKey.id);
      }}
    />
  );
}

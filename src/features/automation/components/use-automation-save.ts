import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '@/lib/errors';
import { automationRefusal } from '../lib/automation-refusal';

/**
 * The save of a rule or task-template dialog: closing forgets the last failure; a save says so
 * and closes; a refusal is shown in its own words (refusals.*), any other failure after "could
 * not save".
 */
export function useAutomationSave<Variables>({
  save,
  onOpenChange,
}: {
  save: { mutateAsync: (variables: Variables) => Promise<unknown>; reset: () => void };
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('automation');
  const [error, setError] = useState<string | null>(null);
  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setError(null);
      save.reset();
    }
    onOpenChange(next);
  };
  const run = async (variables: Variables, savedMessage: string) => {
    setError(null);
    try {
      await save.mutateAsync(variables);
      toast.success(savedMessage);
      handleOpenChange(false);
    } catch (failure) {
      const refusal = automationRefusal(failure);
      setError(refusal ? t(`refusals.${refusal}`) : `${t('errors.save_failed')}: ${getErrorMessage(failure)}`);
    }
  };
  return { error, handleOpenChange, run };
}

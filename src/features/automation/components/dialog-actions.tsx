import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The end of a rule or task-template form: the save failure, then Cancel (Close when read-only) and Save. */
export function DialogActions({
  error,
  readOnly,
  submitting,
  onCancel,
  testId,
}: {
  error: string | null;
  readOnly: boolean;
  submitting: boolean;
  onCancel: () => void;
  /** The form's prefix: `${testId}-save` and `${testId}-save-error`. */
  testId: string;
}) {
  const { t } = useTranslation('automation');
  return (
    <>
      {error ? (
        <p
          role="alert"
          data-testid={`${testId}-save-error`}
          className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t(readOnly ? 'close' : 'cancel')}
        </Button>
        {readOnly ? null : (
          <Button type="submit" disabled={submitting} data-testid={`${testId}-save`}>
            {submitting ? t('saving') : t('save')}
          </Button>
        )}
      </div>
    </>
  );
}

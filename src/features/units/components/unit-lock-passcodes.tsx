import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteLockPasscode } from '../api/lock-delete-passcode';
import { useLockPasscodes } from '../api/lock-get-passcodes';
import type { LockPasscode } from '../api/lock-schema';
import { LockErrorAlert } from './unit-lock-error';
import { useLockFormat } from './unit-lock-format';
import { UnitLockPasscodeDialog } from './unit-lock-passcode-dialog';

/** The custom codes on the lock (live from TTLock): kind, validity, status; create and delete. */
export function UnitLockPasscodes({ unitId, canWrite }: { unitId: string; canWrite: boolean }) {
  const { t } = useTranslation('locks');
  const { dateTime } = useLockFormat();
  const passcodes = useLockPasscodes(unitId);
  const remove = useDeleteLockPasscode(unitId);
  const [creating, setCreating] = useState(false);
  // The unit dialog this list sits in: the new-passcode dialog renders inside it (dialog.tsx, container).
  const [outerDialog, setOuterDialog] = useState<HTMLElement | null>(null);
  const [deleting, setDeleting] = useState<LockPasscode | null>(null);
  const list = passcodes.data?.passcodes ?? [];
  return (
    <section className="grid gap-3" aria-labelledby="lock-passcodes-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="lock-passcodes-title" className="text-base font-semibold">
          {t('passcodes.title')}
        </h3>
        {canWrite ? (
          <Button
            size="sm"
            onClick={(event) => {
              setOuterDialog(event.currentTarget.closest<HTMLElement>('[role="dialog"]'));
              setCreating(true);
            }}
            disabled={passcodes.isError}
          >
            <Plus aria-hidden="true" />
            {t('passcodes.new')}
          </Button>
        ) : null}
      </div>
      {passcodes.isPending ? <Spinner label={t('common:loading')} /> : null}
      {passcodes.isError ? (
        <LockErrorAlert error={passcodes.error} fallback={t('passcodes.failed')} testId="lock-passcodes-error" />
      ) : null}
      {remove.error ? <LockErrorAlert error={remove.error} fallback={t('passcodes.delete_failed')} /> : null}
      {passcodes.isSuccess && list.length === 0 ? <EmptyState icon={KeyRound} title={t('passcodes.empty')} /> : null}
      {list.length > 0 ? (
        <div className="overflow-x-auto rounded-md border border-stone-200">
          <table className="w-full text-sm" data-testid="lock-passcodes">
            <thead className="bg-stone-50 text-start text-xs text-stone-600">
              <tr>
                <th className="px-3 py-2 text-start font-medium">{t('passcodes.name')}</th>
                <th className="px-3 py-2 text-start font-medium">{t('passcodes.code')}</th>
                <th className="px-3 py-2 text-start font-medium">{t('passcodes.kind')}</th>
                <th className="px-3 py-2 text-start font-medium">{t('passcodes.validity')}</th>
                <th className="px-3 py-2 text-start font-medium">{t('passcodes.status')}</th>
                {canWrite ? <th className="px-3 py-2" /> : null}
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.id} className="border-t border-stone-200">
                  <td className="px-3 py-2">{p.name || '—'}</td>
                  <td className="px-3 py-2 font-mono" dir="ltr">
                    {p.code}
                  </td>
                  <td className="px-3 py-2">{t(`passcodes.kinds.${p.kind}`)}</td>
                  <td className="px-3 py-2">
                    {p.starts_at && p.ends_at
                      ? t('passcodes.from_to', { from: dateTime(p.starts_at), to: dateTime(p.ends_at) })
                      : t('passcodes.always')}
                  </td>
                  <td className="px-3 py-2">
                    <Badge variant={p.status === 'active' ? 'success' : 'neutral'}>
                      {t(`passcodes.statuses.${p.status}`)}
                    </Badge>
                  </td>
                  {canWrite ? (
                    <td className="px-3 py-2 text-end">
                      <Button
                        size="icon"
                        variant="ghost"
                        aria-label={t('passcodes.delete_named', { name: p.name || p.code })}
                        disabled={remove.isPending}
                        onClick={() => setDeleting(p)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <UnitLockPasscodeDialog unitId={unitId} open={creating} onOpenChange={setCreating} container={outerDialog} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t('passcodes.delete_title')}
        description={t('passcodes.delete_description', { code: deleting?.code ?? '', name: deleting?.name ?? '' })}
        confirmLabel={t('passcodes.delete')}
        destructive
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSuccess: () => toast.success(t('passcodes.deleted')) });
          setDeleting(null);
        }}
      />
    </section>
  );
}

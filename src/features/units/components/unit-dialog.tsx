import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import type { Tables } from '@/types/database';
import { useUnit } from '../api/get-unit';
import type { UnitEditorTab } from '../lib/editor-tabs';
import { displayName } from '../lib/unit-form-values';
import { UnitEditor } from './unit-editor';

interface Props {
  /** 'new' for the add dialog, otherwise the unit's id. */
  editing: string;
  tab: UnitEditorTab;
  onTabChange: (tab: UnitEditorTab) => void;
  onCreated: (unit: Tables<'units'>) => void;
  onClose: () => void;
  /** A role without units.write: the unit is shown, not changed. */
  readOnly?: boolean;
}

export function UnitDialog({ editing, tab, onTabChange, onCreated, onClose, readOnly = false }: Props) {
  const { t, i18n } = useTranslation('units');
  const isNew = editing === 'new';
  const unit = useUnit(isNew ? null : editing);
  const title = isNew
    ? t('form.create_title')
    : unit.data
      ? t(readOnly ? 'form.view_title' : 'form.edit_title', { name: displayName(unit.data, i18n.language) })
      : t('common:loading');

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="max-w-4xl"
        closeLabel={t('common:actions.close')}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {isNew ? t('form.create_description') : readOnly ? t('form.read_only') : t('form.edit_description')}
          </DialogDescription>
        </DialogHeader>
        {!isNew && unit.isPending ? <Spinner label={t('common:loading')} /> : null}
        {!isNew && unit.isError ? (
          <div role="alert" className="grid gap-3 text-sm text-red-800">
            <p>{getErrorMessage(unit.error)}</p>
            <div>
              <Button variant="outline" onClick={onClose}>
                {t('common:actions.close')}
              </Button>
            </div>
          </div>
        ) : null}
        {isNew || unit.data ? (
          <UnitEditor
            key={editing}
            unit={isNew ? null : (unit.data ?? null)}
            tab={tab}
            onTabChange={onTabChange}
            onCreated={onCreated}
            onClose={onClose}
            readOnly={readOnly && !isNew}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

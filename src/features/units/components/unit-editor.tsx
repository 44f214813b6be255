import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage } from '@/lib/errors';
import type { Tables } from '@/types/database';
import { FORM_TABS, UNIT_EDITOR_TABS, type UnitEditorTab } from '../lib/editor-tabs';
import { displayName } from '../lib/unit-form-values';
import { LocationFields } from './location-fields';
import { UnitCalendar } from './unit-calendar';
import { UnitChannelsPanel } from './unit-channels-panel';
import { UnitDetailsFields } from './unit-details-fields';
import { UnitLicencePanel } from './unit-licence-panel';
import { UnitLockPanel } from './unit-lock-panel';
import { UnitPhotosPanel } from './unit-photos-panel';
import { useUnitForm } from './use-unit-form';

export interface UnitEditorProps {
  unit: Tables<'units'> | null;
  tab: UnitEditorTab;
  onTabChange: (tab: UnitEditorTab) => void;
  onCreated: (unit: Tables<'units'>) => void;
  onClose: () => void;
  /** Shown, not changed (a role without units.write): the fields are disabled and there is no Save. */
  readOnly?: boolean;
}

export function UnitEditor({ unit, tab, onTabChange, onCreated, onClose, readOnly = false }: UnitEditorProps) {
  const { t, i18n } = useTranslation('units');
  const { form, handleSubmit, isSaving, saveError, isNew } = useUnitForm({
    unit,
    onInvalid: onTabChange,
    onSaved: (saved, created) => {
      const name = displayName(saved, i18n.language);
      if (created) {
        toast.success(t('form.created'));
        onCreated(saved);
      } else {
        toast.success(t('form.saved'), { description: name });
        onClose();
      }
    },
  });

  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value as UnitEditorTab)} className="grid gap-4">
      <TabsList aria-label={t('form.tabs.label')} className="flex-wrap">
        {UNIT_EDITOR_TABS.map((value) => (
          <TabsTrigger key={value} value={value} disabled={isNew && !FORM_TABS.has(value)}>
            {t(`form.tabs.${value}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className={FORM_TABS.has(tab) ? 'grid gap-4' : 'hidden'}
      >
        <fieldset disabled={isSaving || readOnly} className="grid gap-4">
          <TabsContent value="details">
            <UnitDetailsFields form={form} />
          </TabsContent>
          <TabsContent value="location">
            <LocationFields form={form} />
          </TabsContent>
        </fieldset>
        {saveError ? (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            <p className="font-semibold">{isNew ? t('form.create_failed') : t('form.update_failed')}</p>
            <p>{getErrorMessage(saveError)}</p>
            <p>{t('form.kept_input')}</p>
          </div>
        ) : null}
        {Object.keys(form.formState.errors).length > 0 ? (
          <p className="text-sm font-medium text-red-700">{t('form.invalid_tab')}</p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            {readOnly ? t('common:actions.close') : t('common:actions.cancel')}
          </Button>
          {readOnly ? null : (
            <Button type="submit" disabled={isSaving}>
              {isSaving ? t('form.saving') : isNew ? t('form.create') : t('form.save')}
            </Button>
          )}
        </div>
      </form>
      {unit ? (
        <>
          <TabsContent value="licence">
            <UnitLicencePanel unit={unit} readOnly={readOnly} />
          </TabsContent>
          <TabsContent value="photos">
            <UnitPhotosPanel unit={unit} readOnly={readOnly} />
          </TabsContent>
          <TabsContent value="calendar">
            <UnitCalendar unitId={unit.id} />
          </TabsContent>
          <TabsContent value="lock">
            <UnitLockPanel unit={unit} />
          </TabsContent>
          <TabsContent value="channels">
            <UnitChannelsPanel unitId={unit.id} />
          </TabsContent>
        </>
      ) : null}
    </Tabs>
  );
}

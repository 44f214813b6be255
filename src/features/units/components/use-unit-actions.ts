import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCloneUnit } from '../api/clone-unit';
import type { UnitListItem } from '../api/get-units';
import { useSetUnitActive } from '../api/set-unit-active';
import type { UnitEditorTab } from '../lib/editor-tabs';
import { displayName } from '../lib/unit-form-values';
import type { UnitActionHandlers } from './unit-actions-menu';

/** The suffix of a clone's name, per language of the name (not of the screen). */
export const CLONE_SUFFIX = { en: '(copy)', ar: '(نسخة)' } as const;

/**
 * What the list's menus do; the delete confirmation is rendered by the caller from `deleteTarget`.
 * Without `canWrite` (units.write) only opening a unit and its calendar remain.
 */
export function useUnitActions(openUnit: (id: string, tab?: UnitEditorTab) => void, canWrite: boolean) {
  const { t, i18n } = useTranslation('units');
  const [deleteTarget, setDeleteTarget] = useState<{ id: string; name: string } | null>(null);
  const clone = useCloneUnit();
  const setActive = useSetUnitActive();

  const handlers: UnitActionHandlers = {
    onEdit: (unit) => openUnit(unit.id),
    onCalendar: (unit) => openUnit(unit.id, 'calendar'),
    onClone: (unit) =>
      clone.mutate(
        { id: unit.id, suffix: CLONE_SUFFIX },
        // A failure toasts "Failed to create property" with the reason (the mutation's meta).
        { onSuccess: (copy) => toast.success(t('toast.cloned', { name: displayName(copy, i18n.language) })) },
      ),
    onToggleActive: (unit) => {
      const name = displayName(unit, i18n.language);
      setActive.mutate(
        { id: unit.id, isActive: !unit.is_active },
        { onSuccess: (row) => toast.success(t(row.is_active ? 'toast.activated' : 'toast.deactivated', { name })) },
      );
    },
    onDelete: (unit: UnitListItem) => setDeleteTarget({ id: unit.id, name: displayName(unit, i18n.language) }),
  };

  const allowed: UnitActionHandlers = canWrite
    ? handlers
    : { onEdit: handlers.onEdit, onCalendar: handlers.onCalendar };
  return { handlers: allowed, deleteTarget, closeDelete: () => setDeleteTarget(null) };
}

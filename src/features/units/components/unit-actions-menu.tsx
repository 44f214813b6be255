import { CalendarDays, Copy, Ellipsis, Eye, Pencil, Power, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { UnitListItem } from '../api/get-units';

/**
 * What the list's menus offer. The changing ones are left out for a role without units.write
 * (the database would refuse them): such a role opens a unit to view it ("View").
 */
export interface UnitActionHandlers {
  onEdit: (unit: UnitListItem) => void;
  onCalendar: (unit: UnitListItem) => void;
  onClone?: (unit: UnitListItem) => void;
  onToggleActive?: (unit: UnitListItem) => void;
  onDelete?: (unit: UnitListItem) => void;
}

export function UnitActionsMenu({
  unit,
  name,
  actions,
}: {
  unit: UnitListItem;
  name: string;
  actions: UnitActionHandlers;
}) {
  const { t } = useTranslation('units');
  const { onClone, onToggleActive, onDelete } = actions;
  const readOnly = !onClone && !onToggleActive && !onDelete;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={t('actions.menu', { name })}>
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => actions.onEdit(unit)}>
          {readOnly ? <Eye aria-hidden="true" className="size-4" /> : <Pencil aria-hidden="true" className="size-4" />}
          {readOnly ? t('actions.view') : t('actions.edit')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.onCalendar(unit)}>
          <CalendarDays aria-hidden="true" className="size-4" />
          {t('actions.calendar')}
        </DropdownMenuItem>
        {onClone ? (
          <DropdownMenuItem onSelect={() => onClone(unit)}>
            <Copy aria-hidden="true" className="size-4" />
            {t('actions.clone')}
          </DropdownMenuItem>
        ) : null}
        {onToggleActive ? (
          <DropdownMenuItem onSelect={() => onToggleActive(unit)}>
            <Power aria-hidden="true" className="size-4" />
            {unit.is_active ? t('actions.deactivate') : t('actions.activate')}
          </DropdownMenuItem>
        ) : null}
        {onDelete ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onDelete(unit)} className="text-red-700">
              <Trash2 aria-hidden="true" className="size-4" />
              {t('actions.delete')}
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

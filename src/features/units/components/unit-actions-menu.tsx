import { CalendarDays, Copy, Ellipsis, Pencil, Power, Trash2 } from 'lucide-react';
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

export interface UnitActionHandlers {
  onEdit: (unit: UnitListItem) => void;
  onCalendar: (unit: UnitListItem) => void;
  onClone: (unit: UnitListItem) => void;
  onToggleActive: (unit: UnitListItem) => void;
  onDelete: (unit: UnitListItem) => void;
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
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={t('actions.menu', { name })}>
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => actions.onEdit(unit)}>
          <Pencil aria-hidden="true" className="size-4" />
          {t('actions.edit')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.onCalendar(unit)}>
          <CalendarDays aria-hidden="true" className="size-4" />
          {t('actions.calendar')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.onClone(unit)}>
          <Copy aria-hidden="true" className="size-4" />
          {t('actions.clone')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.onToggleActive(unit)}>
          <Power aria-hidden="true" className="size-4" />
          {unit.is_active ? t('actions.deactivate') : t('actions.activate')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => actions.onDelete(unit)} className="text-red-700">
          <Trash2 aria-hidden="true" className="size-4" />
          {t('actions.delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

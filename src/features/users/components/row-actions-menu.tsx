import { Ellipsis, MailPlus, Power, PowerOff, XCircle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { TeamRow } from '../schemas';
import { rowActions, rowName, type RowAction } from '../lib/team-row';

const ICONS = { deactivate: PowerOff, reactivate: Power, resend: MailPlus, cancel: XCircle } as const;
const LABELS = {
  deactivate: 'actions.deactivate',
  reactivate: 'actions.reactivate',
  resend: 'actions.resend',
  cancel: 'actions.cancel_invitation',
} as const;

/**
 * A row's actions. One that the database would refuse stays in the menu, disabled, with the
 * reason written under it (read with it by screen readers), instead of disappearing unexplained.
 */
export function RowActionsMenu({
  row,
  onAction,
}: {
  row: TeamRow;
  onAction: (action: RowAction, row: TeamRow) => void;
}) {
  const { t } = useTranslation('users');
  const id = useId();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={t('actions.menu', { name: rowName(row) })}>
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-w-72">
        {rowActions(row).map(({ action, reason }) => {
          const Icon = ICONS[action];
          const reasonId = `${id}-${action}-reason`;
          return (
            <DropdownMenuItem
              key={action}
              disabled={reason !== null}
              aria-describedby={reason ? reasonId : undefined}
              onSelect={() => onAction(action, row)}
              className={action === 'deactivate' || action === 'cancel' ? 'items-start text-red-800' : 'items-start'}
              data-testid={`user-action-${action}`}
            >
              <Icon aria-hidden="true" className="mt-0.5" />
              <span className="flex flex-col">
                {t(LABELS[action])}
                {reason ? (
                  <span id={reasonId} className="text-xs text-stone-600">
                    {t(`reasons.${reason}`)}
                  </span>
                ) : null}
              </span>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

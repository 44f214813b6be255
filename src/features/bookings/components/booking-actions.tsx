import { CheckCheck, LogIn, LogOut, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useChangeBookingStatus } from '../api/change-booking-status';
import { availableActions, type BookingAction } from '../lib/booking-status';
import type { BookingStatus } from '../schemas';
import { CancelBookingDialog } from './cancel-booking-dialog';

const ICONS = { confirm: CheckCheck, check_in: LogIn, check_out: LogOut, cancel: XCircle } as const;

/** The SPEC §4 actions this booking's status allows: one click each; cancel asks first. */
export function BookingActions({ id, reference, status }: { id: string; reference: string; status: BookingStatus }) {
  const { t } = useTranslation('bookings');
  const change = useChangeBookingStatus();
  const [cancelling, setCancelling] = useState(false);
  const actions = availableActions(status);
  if (actions.length === 0) return null;

  const run = (action: BookingAction) => {
    if (action === 'cancel') setCancelling(true);
    else change.mutate({ id, action });
  };

  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => {
        const Icon = ICONS[action];
        return (
          <Button
            key={action}
            variant={action === 'cancel' ? 'outline' : 'primary'}
            disabled={change.isPending}
            onClick={() => run(action)}
            data-testid={`action-${action}`}
          >
            <Icon aria-hidden="true" />
            {t(`actions.${action}`)}
          </Button>
        );
      })}
      <CancelBookingDialog
        open={cancelling}
        reference={reference}
        onOpenChange={setCancelling}
        onConfirm={(reason) => change.mutateAsync({ id, action: 'cancel', reason })}
      />
    </div>
  );
}

import { CheckCheck, LogIn, LogOut, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useChangeBookingStatus } from '../api/change-booking-status';
import { availableActions, type BookingAction, type GuestNoticeChannels } from '../lib/booking-status';
import type { BookingStatus } from '../schemas';
import { CancelBookingDialog } from './cancel-booking-dialog';

const ICONS = { confirm: CheckCheck, check_in: LogIn, check_out: LogOut, cancel: XCircle } as const;

export interface BookingActionsProps {
  id: string;
  reference: string;
  status: BookingStatus;
  /** A public request waiting for an answer: how its guest hears it (requestNoticeChannels). */
  guestNotice?: GuestNoticeChannels | null;
}

/**
 * The SPEC §4 actions this booking's status allows: one click each; cancel asks first. For a
 * public request, a line (which the buttons name as their description) says the guest is told of
 * the answer; in a wrapping flex row, as the details dialog has, it takes the last line.
 */
export function BookingActions({ id, reference, status, guestNotice = null }: BookingActionsProps) {
  const { t } = useTranslation('bookings');
  const change = useChangeBookingStatus();
  const [cancelling, setCancelling] = useState(false);
  const hintId = useId();
  const actions = availableActions(status);
  if (actions.length === 0) return null;

  const run = (action: BookingAction) => {
    if (action === 'cancel') setCancelling(true);
    else change.mutate({ id, action });
  };

  return (
    <>
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => {
          const Icon = ICONS[action];
          return (
            <Button
              key={action}
              variant={action === 'cancel' ? 'outline' : 'primary'}
              disabled={change.isPending}
              onClick={() => run(action)}
              aria-describedby={guestNotice ? hintId : undefined}
              data-testid={`action-${action}`}
            >
              <Icon aria-hidden="true" />
              {t(`actions.${action}`)}
            </Button>
          );
        })}
      </div>
      {guestNotice ? (
        <p id={hintId} className="order-last basis-full text-sm text-stone-600" data-testid="guest-notice-hint">
          {t(`guest_messages.on_answer.${guestNotice}`)}
        </p>
      ) : null}
      <CancelBookingDialog
        open={cancelling}
        reference={reference}
        guestNotice={guestNotice}
        onOpenChange={setCancelling}
        onConfirm={(reason) => change.mutateAsync({ id, action: 'cancel', reason })}
      />
    </>
  );
}

import type { CreateGuestDialogProps } from '@/features/bookings/lib/guest-creator';
import { BookingsPage } from '@/features/bookings/pages/bookings-page';
import { ClientFormDialog } from '@/features/clients/components/client-form-dialog';

/** The booking form adds a guest with the clients feature's own dialog (features meet only here). */
function renderCreateGuestDialog({ open, onOpenChange, onSaved }: CreateGuestDialogProps) {
  return (
    <ClientFormDialog
      open={open}
      onOpenChange={onOpenChange}
      onSaved={(client) => onSaved({ id: client.id, name: client.name, phone: client.phone })}
    />
  );
}

export function BookingsRoute() {
  return <BookingsPage renderCreateGuestDialog={renderCreateGuestDialog} />;
}

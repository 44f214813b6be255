import { createContext, useContext, type ReactNode } from 'react';

/**
 * Creating a guest inline belongs to the clients feature, which this feature may not import
 * (features never import each other). app/ composes the two: it hands the clients feature's
 * dialog in through this context, and the booking form opens it.
 */
export interface CreateGuestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (guest: { id: string; name: string; phone: string }) => void;
}

export type RenderCreateGuestDialog = (props: CreateGuestDialogProps) => ReactNode;

const GuestCreatorContext = createContext<RenderCreateGuestDialog | null>(null);

export function GuestCreatorProvider({
  render,
  children,
}: {
  render: RenderCreateGuestDialog | null;
  children: ReactNode;
}) {
  return <GuestCreatorContext.Provider value={render}>{children}</GuestCreatorContext.Provider>;
}

export function useGuestCreator(): RenderCreateGuestDialog | null {
  return useContext(GuestCreatorContext);
}

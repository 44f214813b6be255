import { ClientsPage } from '@/features/clients/pages/clients-page';
import { MessageGuestLink } from '@/features/inbox';

/**
 * /dashboard/clients, composed here because features do not import each other: a client's
 * details offer "Message", which opens their conversation in the inbox (issue 16).
 */
export function ClientsRoute() {
  return <ClientsPage clientActions={(client) => <MessageGuestLink clientId={client.id} />} />;
}

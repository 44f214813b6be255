import { callPublicRpc } from '@/lib/public-rest';
import type { ContactRequestArgs } from '../lib/contact';

/**
 * The contact form's message to the platform operator (submit_contact_request, open to visitors,
 * rate-limited by the database). Throws PublicRestError with the database's key in `hint`.
 */
export function submitContactRequest(args: ContactRequestArgs): Promise<{ id: string }> {
  return callPublicRpc<{ id: string }>('submit_contact_request', args);
}

import type { Database } from '../types';
import type { WhatsappSandbox } from './sandbox';

/**
 * Tells the WhatsApp sandbox about the guests' WhatsApp messages of the last 24 hours that the
 * database already holds (the seed's demo conversations; what the sandbox played before the stack
 * restarted). Meta knows every message a guest sent, so these keep the 24-hour window open in the
 * sandbox as the database says it is: a reply from the inbox to a seeded conversation goes out
 * instead of failing with 131047. Returns how many it learned.
 */
export async function rememberKnownConversations(db: Database, sandbox: WhatsappSandbox): Promise<number> {
  // A stack of another project (or none of issue 16's migrations) has no messaging settings.
  const table = await db.query<{ name: string | null }>(
    `select to_regclass('public.messaging_settings')::text as name`,
  );
  if (!table.rows[0]?.name) return 0;
  const { rows } = await db.query<{ phone_number_id: string; from_address: string; body: string; at: string }>(
    `select s.whatsapp_phone_number_id as phone_number_id, m.from_address, m.body,
            to_char(coalesce(m.sent_at, m.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
       from public.messages m
       join public.messaging_settings s on s.organization_id = m.organization_id
      where m.channel = 'whatsapp' and m.direction = 'inbound' and m.from_address is not null
        and s.whatsapp_phone_number_id is not null
        and coalesce(m.sent_at, m.created_at) > now() - interval '24 hours'`,
  );
  sandbox.rememberInbound(
    rows.map((r) => ({ phoneNumberId: r.phone_number_id, from: r.from_address, body: r.body, at: r.at })),
  );
  return rows.length;
}

// The client's address as the gateway saw it, by the contract every rate limit of the project
// uses (docs/local-stack.md, migration 20261123170100): cf-connecting-ip, else x-real-ip, else the
// last x-forwarded-for entry (the one the nearest proxy appended). Hosted Supabase's Cloudflare
// and the local gateway overwrite all three, so a client cannot pick its own.

export function clientAddress(req: Request): string {
  const first = (name: string) => req.headers.get(name)?.trim() || null;
  const forwarded = req.headers.get('x-forwarded-for');
  const last = forwarded
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return (first('cf-connecting-ip') ?? first('x-real-ip') ?? last ?? 'unknown').slice(0, 64);
}

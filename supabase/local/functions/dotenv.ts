/** A dotenv reader for supabase/functions/.env (what `supabase functions serve` loads). */

export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    const key = match[1]!;
    let value = match[2] ?? '';
    const quote = value[0];
    if (quote === '"' || quote === "'" || quote === '`') {
      // Quoted values may span lines until the closing quote.
      let body = value.slice(1);
      while (!hasClosing(body, quote) && i + 1 < lines.length) body += `\n${lines[++i]}`;
      const end = closingIndex(body, quote);
      value = end >= 0 ? body.slice(0, end) : body;
      if (quote === '"')
        value = value.replace(/\\n/g, '\n').replace(/\\r/g, '\r').replace(/\\t/g, '\t').replace(/\\"/g, '"');
    } else {
      value = value.replace(/\s+#.*$/, '').trim();
    }
    out[key] = value;
  }
  return out;
}

function closingIndex(body: string, quote: string): number {
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\' && quote === '"') {
      i++;
      continue;
    }
    if (body[i] === quote) return i;
  }
  return -1;
}

function hasClosing(body: string, quote: string): boolean {
  return closingIndex(body, quote) >= 0;
}

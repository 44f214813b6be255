/**
 * Clients screen on the demo data ×10 (20,000 clients): search_clients pages, searches (Latin,
 * Arabic with letter variants, phone, nationality names, a misspelling) and the export page size.
 */
import type { BenchSection } from '../harness';
import { expectPage, prepare, runCases, type ListCase } from '../bookings-clients-bench';

const cases: ListCase[] = [
  { name: 'clients page 1, newest first', rpc: 'search_clients', args: { page_limit: 25 }, expect: expectPage(20_000) },
  {
    name: 'clients page 400 (offset 9,975)',
    rpc: 'search_clients',
    args: { page_limit: 25, page_offset: 9_975 },
    expect: expectPage(20_000),
  },
  {
    name: 'clients sorted by name, page 1',
    rpc: 'search_clients',
    args: { sort: 'name', ascending: true, page_limit: 25 },
    expect: expectPage(20_000),
  },
  {
    name: 'clients search "bench guest 1234"',
    rpc: 'search_clients',
    args: { search: 'bench guest 1234' },
    expect: expectPage(1),
  },
  {
    name: 'clients search Arabic "احمد" (matches أحمد)',
    rpc: 'search_clients',
    args: { search: 'احمد' },
    expect: expectPage(1),
  },
  {
    name: 'clients search phone "0510001234"',
    rpc: 'search_clients',
    args: { search: '0510001234' },
    expect: expectPage(1),
  },
  {
    name: 'clients search nationality "مصري" (5,000 hits)',
    rpc: 'search_clients',
    args: { search: 'مصري' },
    expect: expectPage(1_000),
  },
  {
    name: 'clients search misspelt "Mohamad"',
    rpc: 'search_clients',
    args: { search: 'Mohamad' },
    expect: () => undefined,
  },
  {
    name: 'clients search broad "bench" (every client)',
    rpc: 'search_clients',
    args: { search: 'bench' },
    expect: expectPage(19_000),
  },
  {
    name: 'clients guest picker "guest 12" (by name, 20 rows)',
    rpc: 'search_clients',
    args: { search: 'guest 12', sort: 'name', ascending: true, page_limit: 20 },
    expect: expectPage(100),
  },
  { name: 'clients VIP only', rpc: 'search_clients', args: { vip_only: true }, expect: expectPage(100) },
  {
    name: 'clients export page (1,000 rows)',
    rpc: 'search_clients',
    args: { page_limit: 1_000 },
    expect: expectPage(20_000),
  },
];

export const section: BenchSection = {
  name: 'clients',
  order: 50,
  async run(ctx) {
    const { owner, rows } = await prepare(ctx, 'clients');
    return [...rows, ...(await runCases(ctx, 'clients', owner, cases))];
  },
};

/**
 * What every bench section gets and returns. A section is a module in scripts/bench/sections/
 * exporting `section: BenchSection`; scripts/bench.ts finds and runs them in file-name order.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ClientAs, TestStack } from '../../supabase/tests/helpers/test-stack';

export interface BenchContext {
  /** A fresh in-memory stack on free ports (shared by all sections of one run). */
  stack: TestStack;
  client(as?: ClientAs): SupabaseClient;
  /** Iterations per measured operation (after warm-up). */
  iterations: number;
}

export interface BenchRow {
  section: string;
  name: string;
  /** Milliseconds. */
  p50?: number;
  p95?: number;
  /** Single measurements (cold start) or derived values (ratios). */
  value?: number;
  unit?: string;
  note?: string;
}

export interface BenchSection {
  name: string;
  /** Lower runs first; ties by file name. */
  order?: number;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

/** Runs `fn` `warmup` times unmeasured, then `n` times; returns p50/p95 in ms. */
export async function measure(
  fn: () => Promise<unknown>,
  n: number,
  warmup = Math.min(10, n),
): Promise<{ p50: number; p95: number; samples: number[] }> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), samples };
}

/** Throws when supabase-js reports an error, so a bench never times failures. */
export function ok<T extends { error: unknown }>(result: T): T {
  if (result.error) throw new Error(`bench request failed: ${JSON.stringify(result.error)}`);
  return result;
}

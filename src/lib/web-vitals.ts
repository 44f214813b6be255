import type { Metric } from 'web-vitals';

/** SPEC §7: web vitals are logged to the console (one line per metric, when it is final). */
export async function reportWebVitals(log: (metric: Metric) => void = logMetric): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  for (const subscribe of [onCLS, onFCP, onINP, onLCP, onTTFB]) subscribe(log);
}

export function logMetric(metric: Metric): void {
  console.info(`[web-vitals] ${metric.name}: ${Math.round(metric.value * 100) / 100} (${metric.rating})`);
}

import { CircleCheck, CircleX, CircleMinus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export type Verdict = 'ok' | 'fail' | 'none';

export function VerdictIcon({ verdict }: { verdict: Verdict }) {
  if (verdict === 'ok') return <CircleCheck aria-hidden="true" className="size-4 text-emerald-700" />;
  if (verdict === 'fail') return <CircleX aria-hidden="true" className="size-4 text-red-700" />;
  return <CircleMinus aria-hidden="true" className="size-4 text-stone-500" />;
}

export function DiagSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle level={2}>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]">{children}</dl>
      </CardContent>
    </Card>
  );
}

/** One fact: a label and its value; `ltr` for tokens, ids and URLs. */
export function DiagRow({
  label,
  children,
  verdict,
  ltr,
  testId,
}: {
  label: string;
  children: ReactNode;
  verdict?: Verdict;
  ltr?: boolean;
  testId?: string;
}) {
  return (
    <>
      <dt className="font-medium text-stone-700">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2 text-stone-900" data-testid={testId}>
        {verdict ? <VerdictIcon verdict={verdict} /> : null}
        <span dir={ltr ? 'ltr' : undefined} className="min-w-0 break-all">
          {children}
        </span>
      </dd>
    </>
  );
}

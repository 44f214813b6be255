/** A failure with its title and reason (security and password forms). */
export function SecurityAlert({ title, reason, testId }: { title: string; reason: string; testId?: string }) {
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      data-testid={testId}
    >
      <p className="font-semibold">{title}</p>
      <p>{reason}</p>
    </div>
  );
}

import type { ReactNode } from 'react';

export function EmptyState({
  icon,
  title,
  hint,
  action,
  titleAs: Title = 'p',
}: {
  icon?: ReactNode;
  title: string;
  /** h1 where the empty state is all the page shows (an error page). */
  titleAs?: 'p' | 'h1';
  hint?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
      {icon ? <div className="text-muted-foreground">{icon}</div> : null}
      <Title className="text-base font-medium">{title}</Title>
      {hint ? <p className="max-w-sm text-sm text-muted-foreground">{hint}</p> : null}
      {action}
    </div>
  );
}

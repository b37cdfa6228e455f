import type { ReactNode } from 'react';

/** The dashed box shown when a search (or filter) hides every row of a list. */
export function NoMatches({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

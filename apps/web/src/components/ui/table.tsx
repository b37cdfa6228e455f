import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/**
 * A table in a frame that scrolls sideways when it is wider than the screen. `scrollLabel` names
 * the frame and lets the keyboard scroll it: give it to a table with nothing to focus inside
 * (only text) that may be too wide.
 */
export const Table = ({
  className,
  scrollLabel,
  ...p
}: HTMLAttributes<HTMLTableElement> & { scrollLabel?: string }) => (
  <div
    className="w-full overflow-x-auto rounded-lg border"
    {...(scrollLabel ? { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 } : {})}
  >
    <table className={cn('w-full caption-bottom text-sm', className)} {...p} />
  </div>
);
export const THead = (p: HTMLAttributes<HTMLTableSectionElement>) => (
  <thead className="bg-muted/60" {...p} />
);
export const TBody = (p: HTMLAttributes<HTMLTableSectionElement>) => (
  <tbody className="divide-y" {...p} />
);
export const Tr = ({ className, ...p }: HTMLAttributes<HTMLTableRowElement>) => (
  <tr className={cn('hover:bg-muted/40', className)} {...p} />
);
export const Th = ({ className, ...p }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th
    className={cn('h-10 px-4 text-left align-middle font-medium text-muted-foreground', className)}
    {...p}
  />
);
export const Td = ({ className, ...p }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn('px-4 py-3 align-middle', className)} {...p} />
);

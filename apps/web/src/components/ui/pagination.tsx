import { pageCount } from '@shule/shared/pagination';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';

const count = new Intl.NumberFormat('en-KE');

/**
 * Previous and Next around "21–40 of 2,000" for a list paged on the server. It fits a 390 px
 * phone on one line; the page is announced to screen readers when it changes.
 */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  busy,
  className,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange(page: number): void;
  /** While the next page loads: its buttons wait. */
  busy?: boolean;
  className?: string;
}) {
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label="Pages"
      className={cn('flex items-center justify-between gap-2 text-sm', className)}
    >
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page - 1)}
        disabled={busy || page <= 1}
      >
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        Previous
      </Button>
      <p className="text-center text-muted-foreground" aria-live="polite">
        <span className="tabular-nums text-foreground">
          {count.format(first)}–{count.format(last)}
        </span>{' '}
        of <span className="tabular-nums text-foreground">{count.format(total)}</span>
        <span className="sr-only">
          , page {page} of {pages}
        </span>
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page + 1)}
        disabled={busy || page >= pages}
      >
        Next
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}

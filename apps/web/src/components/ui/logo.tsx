import { GraduationCap } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Logo({ className, withName = true }: { className?: string; withName?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold', className)}>
      <span className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <GraduationCap className="h-5 w-5" aria-hidden="true" />
      </span>
      {withName ? <span className="text-lg tracking-tight">Shule</span> : null}
    </span>
  );
}

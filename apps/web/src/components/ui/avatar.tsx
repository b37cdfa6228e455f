import { useState } from 'react';
import { cn } from '../../lib/cn';

/**
 * A round photo, or the person's initials when there is none or it cannot be shown (a photo
 * link lives an hour or two: a screen left open longer shows initials until it refetches).
 */
export function Avatar({
  src,
  name,
  className,
}: {
  src?: string | null;
  name: string;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');
  return src && failed !== src ? (
    <img
      src={src}
      alt=""
      onError={() => setFailed(src)}
      className={cn('h-9 w-9 shrink-0 rounded-full object-cover', className)}
    />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground',
        className,
      )}
    >
      {initials || '?'}
    </span>
  );
}

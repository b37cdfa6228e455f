import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useIsAdmin } from '../lib/roles';
import { EmptyState } from './ui/empty-state';
import { type Crumb, PageHeader } from './ui/page-header';

export const ADMINS_ONLY = 'Only administrators can see this page';

/**
 * Its children for an administrator; `fallback` (nothing unless given) for anyone else. For the
 * actions the server refuses a teacher (docs/decisions/017-who-may-call-what.md): Add, Edit,
 * Delete, settings.
 */
export function AdminOnly({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useIsAdmin() ? children : fallback;
}

/**
 * A page only administrators use (money, messages, the audit log, setup). Anyone else who comes
 * to it (a teacher following an old link) sees its title and that only administrators can see
 * it, and the server is asked nothing: the children, where the page's queries live, are not
 * rendered.
 */
export function AdminOnlyPage({
  title,
  hint,
  breadcrumb,
  className = 'mx-auto max-w-5xl',
  children,
}: {
  title: string;
  /** Whom to ask instead, in the page's own words. */
  hint: string;
  breadcrumb?: Crumb[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <AdminOnly
      fallback={
        <div className={className}>
          <PageHeader title={title} breadcrumb={breadcrumb} />
          <EmptyState
            icon={<ShieldCheck className="h-10 w-10" />}
            title={ADMINS_ONLY}
            hint={hint}
          />
        </div>
      }
    >
      {children}
    </AdminOnly>
  );
}

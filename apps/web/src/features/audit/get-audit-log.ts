import type { AuditAction, AuditLogResponse } from '@shule/shared/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export interface AuditLogFilter {
  page: number;
  /** One action, or every action when undefined. */
  action?: AuditAction;
}

export const getAuditLog = ({ page, action }: AuditLogFilter) => {
  const params = new URLSearchParams({ page: String(page) });
  if (action) params.set('action', action);
  return api.get<AuditLogResponse>(`/audit_log/?${params}`);
};

/** One page of the school's audit log, newest first; the page shown stays while the next loads. */
export function useAuditLog(filter: AuditLogFilter) {
  return useQuery({
    queryKey: ['audit_log', filter],
    queryFn: () => getAuditLog(filter),
    placeholderData: keepPreviousData,
  });
}

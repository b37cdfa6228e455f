import type { ImportResponse, ImportSource } from '@shule/shared/mpesa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { FEES_KEY } from './get-fee-categories';

export const importStatement = (source: ImportSource, file: File) => {
  const form = new FormData();
  form.append('source', source);
  form.append('file', file);
  return api.post<ImportResponse>('/payments/import/', form);
};

/**
 * A bank, eCitizen or Bill Manager statement (CSV): each row matched by admission number or
 * queued, and a row recorded before is not recorded again.
 */
export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ source, file }: { source: ImportSource; file: File }) =>
      importStatement(source, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEES_KEY }),
  });
}

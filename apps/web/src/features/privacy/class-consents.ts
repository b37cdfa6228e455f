import type { ClassConsents, UpdateClassConsentsBody } from '@shule/shared/consents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, requestFile } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

const consentsUrl = (classId: number) => `/classes/${classId}/consents/`;

/** GET /api/classes/{id}/consents/: the class's students with their parents' consents. */
export const useClassConsents = (classId: number) =>
  useQuery({
    queryKey: ['consents', 'class', classId],
    queryFn: () => api.get<ClassConsents>(consentsUrl(classId)),
    enabled: classId > 0,
  });

/** PUT /api/classes/{id}/consents/: the changed consents in one request; the students refresh. */
export function useSaveClassConsents(classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClassConsentsBody) =>
      api.put<ClassConsents>(consentsUrl(classId), body),
    onSuccess: (saved) => {
      queryClient.setQueryData(['consents', 'class', classId], saved);
      queryClient.invalidateQueries({ queryKey: ['students'] });
      queryClient.invalidateQueries({ queryKey: ['messages'] });
    },
  });
}

/** GET /api/classes/{id}/consents/form/: the class's paper form, saved as a PDF download. */
export async function downloadConsentForm(classId: number) {
  const { blob, fileName } = await requestFile(`${consentsUrl(classId)}form/`);
  saveFile(blob, fileName ?? 'sms-consent-form.pdf');
}

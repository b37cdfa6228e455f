import type { StudentConsents, UpdateConsentsBody } from '@shule/shared/consents';
import { dataExportFileName, type EraseStudentBody } from '@shule/shared/privacy';
import type { DataExportFormat } from '@shule/shared/privacy-readable';
import type { StudentDetail } from '@shule/shared/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, requestFile } from '../../lib/api-client';
import { studentQueryKey } from '../../lib/queries/students';
import { saveFile } from '../../lib/save-file';

/** PATCH /api/students/{id}/consents/ (admin): the profile shows the consents answered. */
export function useUpdateConsents(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateConsentsBody) =>
      api.patch<StudentConsents>(`/students/${studentId}/consents/`, body),
    onSuccess: (consents) => {
      queryClient.setQueryData<StudentDetail>(studentQueryKey(studentId), (student) =>
        student ? { ...student, consents } : student,
      );
      // The audit log has a new entry.
      queryClient.invalidateQueries({ queryKey: ['audit_log'] });
    },
  });
}

/**
 * Everything Shule holds about the student and their parent, saved as a file: a readable PDF,
 * a CSV for a spreadsheet, or the rows as JSON.
 */
export async function downloadStudentData(
  student: Pick<StudentDetail, 'id' | 'admission_number'>,
  format: DataExportFormat,
) {
  const { blob, fileName } = await requestFile(
    `/students/${student.id}/data_export/?format=${format}`,
  );
  saveFile(blob, fileName ?? dataExportFileName(student.admission_number, format));
}

/** POST /api/students/{id}/erase/ (admin); the student leaves every students list. */
export function useEraseStudent(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EraseStudentBody) =>
      api.post<{ message: string }>(`/students/${studentId}/erase/`, body),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: studentQueryKey(studentId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['students'] }),
        queryClient.invalidateQueries({ queryKey: ['classes'] }),
        // Results keep the marks under "Erased student".
        queryClient.invalidateQueries({ queryKey: ['results'] }),
        queryClient.invalidateQueries({ queryKey: ['audit_log'] }),
      ]);
    },
  });
}

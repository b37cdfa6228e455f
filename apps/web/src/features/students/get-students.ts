import type {
  StudentExportFormat,
  StudentListResponse,
  StudentStatusFilter,
} from '@shule/shared/students';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, requestFile } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import { useSession } from '../../lib/session';

/** Class 0 means every class of the school. */
export const ALL_CLASSES = 0;

/** What the students list shows: a class (or all), a search, a page, active or left students. */
export interface StudentListFilter {
  classId: number;
  search: string;
  page: number;
  status: StudentStatusFilter;
}

export const studentsQueryKey = (schoolId: number | undefined, filter: StudentListFilter) =>
  ['students', 'list', schoolId, filter] as const;

const searchParams = (
  search: string,
  status: StudentStatusFilter,
  more: Record<string, string> = {},
) => {
  const params = new URLSearchParams(more);
  if (search.trim()) params.set('search', search.trim());
  // Active is the server's default.
  if (status !== 'active') params.set('status', status);
  const query = params.toString();
  return query ? `?${query}` : '';
};

export const getStudents = (
  schoolId: number,
  { classId, search, page, status }: StudentListFilter,
) =>
  api.get<StudentListResponse>(
    `/students/get_students/${classId}/${schoolId}/${searchParams(search, status, { page: String(page) })}`,
  );

/** One page of the list, searched on the server; the page shown stays while the next loads. */
export function useStudents(filter: StudentListFilter) {
  const { school } = useSession();
  return useQuery({
    queryKey: studentsQueryKey(school?.id, filter),
    queryFn: () => getStudents(school!.id, filter),
    enabled: school != null,
    placeholderData: keepPreviousData,
  });
}

/** What a students file holds: the class (or all), the search, active or left students. */
export type StudentsFileFilter = Omit<StudentListFilter, 'page'>;

/**
 * GET /api/students/export/?format=: the students of the filter as the server's CSV file
 * (format csv: the import's columns; nemis: the learner register's), saved as a download.
 */
export async function downloadStudentsFile(
  format: StudentExportFormat,
  { classId, search, status }: StudentsFileFilter,
) {
  const more: Record<string, string> = { format };
  if (classId !== ALL_CLASSES) more.class = String(classId);
  const { blob, fileName } = await requestFile(
    `/students/export/${searchParams(search, status, more)}`,
  );
  saveFile(blob, fileName ?? `${format === 'nemis' ? 'nemis-learners' : 'students'}.csv`);
}

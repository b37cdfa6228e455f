import type { CountResponse, TeacherCount } from '@shule/shared/api';
import type { StudentCounts } from '@shule/shared/students';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// Keys start with the domain, so a mutation there (admitting a student…) refreshes these counts.
export const useStudentCounts = (schoolId: number) =>
  useQuery({
    queryKey: ['students', 'count', schoolId],
    queryFn: () => api.get<StudentCounts>(`/students/count/?school_id=${schoolId}`),
  });

export const useTeacherCount = (schoolId: number) =>
  useQuery({
    queryKey: ['teachers', 'count', schoolId],
    queryFn: () => api.get<TeacherCount>(`/staff/count/?school_id=${schoolId}`),
  });

export const useClassCount = (schoolId: number) =>
  useQuery({
    queryKey: ['classes', 'count', schoolId],
    queryFn: () => api.get<CountResponse>(`/classes/?school=${schoolId}&count=true`),
  });

import type {
  AbsentStudents,
  AttendanceSummary,
  StudentAttendance,
} from '@shule/shared/attendance';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * What the dashboards and the student profile read of the registers. Keys start with
 * 'attendance', so saving a register (features/attendance) refreshes them all.
 */
export const useAttendanceSummary = () =>
  useQuery({
    queryKey: ['attendance', 'summary'],
    queryFn: () => api.get<AttendanceSummary>('/attendance/summary/'),
  });

export const useAbsentToday = () =>
  useQuery({
    queryKey: ['attendance', 'absent'],
    queryFn: () => api.get<AbsentStudents>('/attendance/absent/'),
  });

export const useStudentAttendance = (studentId: number) =>
  useQuery({
    queryKey: ['attendance', 'student', studentId],
    queryFn: () => api.get<StudentAttendance>(`/students/${studentId}/attendance/`),
    enabled: Number.isInteger(studentId) && studentId > 0,
  });

/** The register screen of a class (features/attendance), from a dashboard card. */
export const registerPath = (classId: number) => `/attendance?class=${classId}`;

/** A rate as the screens show it: "95.0%", or "–" when nothing is recorded. */
export const formatRate = (rate: number | null) => (rate === null ? '–' : `${rate.toFixed(1)}%`);

import type { StudentRow } from '@shule/shared/students';

/** How every screen names a student: "Wanjiru Kamau". */
export const studentName = (s: Pick<StudentRow, 'first_name' | 'last_name'>) =>
  `${s.first_name} ${s.last_name}`;

import type { TeacherRow } from '@shule/shared/teachers';

export const teacherName = (t: TeacherRow) => `${t.user.first_name} ${t.user.last_name}`;

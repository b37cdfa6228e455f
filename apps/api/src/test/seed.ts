import type { App } from '../app';
import { classes, students } from '../db/schema/index';

/**
 * Rows put straight into the database, so that a test does not depend on the endpoints of
 * other modules (the academics tests need classes and students; the counts need rows to count).
 */

export async function insertClass(app: App, schoolId: number, name: string) {
  const [row] = await app.db
    .insert(classes)
    .values({ schoolId, name })
    .returning({ id: classes.id });
  return row!.id;
}

let admission = 0;
export async function insertStudent(
  app: App,
  schoolId: number,
  classId: number,
  student: { first?: string; last?: string; gender?: string } = {},
) {
  admission += 1;
  const [row] = await app.db
    .insert(students)
    .values({
      schoolId,
      classId,
      admissionNumber: `T${process.pid}-${admission}`,
      firstName: student.first ?? 'Amani',
      lastName: student.last ?? 'Otieno',
      dateOfBirth: '2010-05-01',
      gender: student.gender ?? (admission % 2 ? 'female' : 'male'),
    })
    .returning({ id: students.id });
  return row!.id;
}

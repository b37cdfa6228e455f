import type { App } from '../app';
import { classes, students } from '../db/schema/index';

/**
 * Fixtures for the academics tests (grades, subjects, exams, scores): classes and students are
 * put straight into the database, so these tests do not depend on the people endpoints.
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
  name: { first: string; last: string } = { first: 'Amani', last: 'Otieno' },
) {
  admission += 1;
  const [row] = await app.db
    .insert(students)
    .values({
      schoolId,
      classId,
      admissionNumber: `T${process.pid}-${admission}`,
      firstName: name.first,
      lastName: name.last,
      dateOfBirth: '2010-05-01',
      gender: admission % 2 ? 'female' : 'male',
    })
    .returning({ id: students.id });
  return row!.id;
}

/** An Authorization header for a signed-in user of `schoolId` holding `role`. */
export async function authAs(app: App, schoolId: number, role: 'admin' | 'teacher' | 'student') {
  const token = await app.signAccessToken({
    sub: String(900_000 + schoolId),
    school_id: schoolId,
    roles: [{ name: role }],
  });
  return { authorization: `Bearer ${token}` };
}

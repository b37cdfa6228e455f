import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import { academicYears, students, terms } from '../../db/schema/index';
import { insertClass, insertStudent } from '../../test/seed';

/**
 * A school's fee year for the fee tests, written straight into the database: the 2026 academic
 * year with Term 1 and Term 2, Form 1 and Form 2, and students:
 * - Form 1: Amani and Baraka, admitted this year (new); Chebet, admitted in 2025 (continuing);
 *   Daudi, who left (inactive);
 * - Form 2: Ekaru and Faraji, both continuing.
 */
export async function feeSchool(app: App, schoolId: number) {
  const [year] = await app.db
    .insert(academicYears)
    .values({ schoolId, name: '2026', startDate: '2026-01-05', endDate: '2026-11-20' })
    .returning({ id: academicYears.id });
  const termRows = await app.db
    .insert(terms)
    .values([
      {
        schoolId,
        academicYearId: year!.id,
        name: 'Term 1 2026',
        startDate: '2026-01-05',
        endDate: '2026-04-02',
      },
      {
        schoolId,
        academicYearId: year!.id,
        name: 'Term 2 2026',
        startDate: '2026-04-27',
        endDate: '2026-07-31',
      },
    ])
    .returning({ id: terms.id });
  const form1 = await insertClass(app, schoolId, 'Form 1');
  const form2 = await insertClass(app, schoolId, 'Form 2');
  const student = (classId: number, first: string) =>
    insertStudent(app, schoolId, classId, { first, last: 'Mwangi' });
  const amani = await student(form1, 'Amani');
  const baraka = await student(form1, 'Baraka');
  const chebet = await student(form1, 'Chebet');
  const daudi = await student(form1, 'Daudi');
  const ekaru = await student(form2, 'Ekaru');
  const faraji = await student(form2, 'Faraji');
  const admitted2025 = new Date('2025-02-10T07:00:00Z');
  for (const id of [chebet, ekaru, faraji]) {
    await app.db.update(students).set({ createdAt: admitted2025 }).where(eq(students.id, id));
  }
  await app.db.update(students).set({ isActive: false }).where(eq(students.id, daudi));
  return {
    yearId: year!.id,
    term1: termRows[0]!.id,
    term2: termRows[1]!.id,
    form1,
    form2,
    students: { amani, baraka, chebet, daudi, ekaru, faraji },
  };
}
export type FeeSchool = Awaited<ReturnType<typeof feeSchool>>;

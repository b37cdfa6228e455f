import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, examScores, parents, students, subjects } from '../db/schema/index';
import { createTestApp, login, type TestApp } from './app';
import { seedEarlierExam, seedLargeSchool } from './large-school';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countOf = async (
  table: typeof students | typeof classes | typeof subjects | typeof parents,
  schoolId: number,
) => {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(table)
    .where(eq(table.schoolId, schoolId));
  return row!.n;
};

describe('seedLargeSchool', () => {
  it('seeds the students, classes and subjects asked for, with a fully marked exam and an admin who can sign in', async () => {
    const school = await seedLargeSchool(t.app.db, { students: 90, classes: 6, subjects: 4 });
    expect(school.classIds).toHaveLength(6);
    expect(school.subjectIds).toHaveLength(4);
    expect(await countOf(students, school.schoolId)).toBe(90);
    expect(await countOf(classes, school.schoolId)).toBe(6);
    expect(await countOf(subjects, school.schoolId)).toBe(4);
    // Siblings share a parent: fewer parents than students, but most have their own.
    const parentCount = await countOf(parents, school.schoolId);
    expect(parentCount).toBeLessThan(90);
    expect(parentCount).toBeGreaterThan(60);
    const [marks] = await t.app.db
      .select({ n: count() })
      .from(examScores)
      .where(and(eq(examScores.examId, school.examId), eq(examScores.schoolId, school.schoolId)));
    expect(marks!.n).toBe(90 * 4);

    const admin = await login(t.app, school.admin.phone, school.admin.password);
    expect(admin.schoolId).toBe(school.schoolId);
    const levels = await t.app.db
      .select({ level: classes.level })
      .from(classes)
      .where(eq(classes.schoolId, school.schoolId));
    expect(levels.every((c) => c.level === null)).toBe(true);
  });

  it('gives classes the level of their name when asked, and marks an earlier exam fully', async () => {
    const school = await seedLargeSchool(t.app.db, {
      students: 40,
      classes: 8,
      subjects: 3,
      levels: true,
      adminPhone: '0799000002',
    });
    expect(school.classLevels).toEqual([...Array(4).fill('Form 1'), ...Array(4).fill('Form 2')]);
    const rows = await t.app.db
      .select({ name: classes.name, level: classes.level })
      .from(classes)
      .where(eq(classes.schoolId, school.schoolId));
    expect(rows.find((c) => c.name === 'Form 2 West')?.level).toBe('Form 2');

    const earlierExamId = await seedEarlierExam(t.app.db, school);
    const [marks] = await t.app.db
      .select({ n: count() })
      .from(examScores)
      .where(eq(examScores.examId, earlierExamId));
    expect(marks!.n).toBe(40 * 3);
  });

  it('seeds a second school beside the first when given another admin phone', async () => {
    const second = await seedLargeSchool(t.app.db, {
      students: 10,
      classes: 2,
      subjects: 2,
      adminPhone: '0799000001',
    });
    expect(await countOf(students, second.schoolId)).toBe(10);
  });
});

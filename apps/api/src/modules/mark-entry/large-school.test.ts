import { gzipSync } from 'node:zlib';
import type { StudentsWithGrades } from '@shule/shared/scores';
import { describe, expect, it } from 'vitest';
import { countQueries, type SignedInLargeSchool, useSmallAndLargeSchool } from '../../test/app';

const { t, schools } = useSmallAndLargeSchool('079920000');

const classMarks = (school: SignedInLargeSchool, classId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/students/students_with_grades/?exam=${school.examId}&class=${classId}`,
    headers: school.who.auth,
  });

describe('students_with_grades in a school of 2,000', () => {
  it('answers a class of 5 and a class of 125 in one query each', async () => {
    for (const school of [schools.small, schools.large]) {
      const queries = await countQueries(t.app, async () => {
        expect((await classMarks(school, school.classIds[0]!)).statusCode).toBe(200);
      });
      expect(queries).toBe(1);
    }
  });

  it('answers one class only, every mark keyed by subject id, in a few kilobytes', async () => {
    const res = await classMarks(schools.large, schools.large.classIds[5]!);
    const body: StudentsWithGrades = res.json();
    expect(body.class.id).toBe(schools.large.classIds[5]);
    expect(body.subjects.map((s) => s.id).sort()).toEqual([...schools.large.subjectIds].sort());
    expect(body.students).toHaveLength(125);
    for (const student of body.students) {
      expect(Object.keys(student.marks).map(Number).sort()).toEqual(
        [...schools.large.subjectIds].sort(),
      );
    }
    expect(gzipSync(res.rawPayload).length).toBeLessThan(10_000);
  });
});

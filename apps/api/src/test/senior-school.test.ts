import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/raw-rows';
import { useTestApp } from './app';
import { seedSeniorSchool } from './senior-school';

const { t } = useTestApp();

describe('the seeded senior school', () => {
  it('gives every learner a valid combination and their seven subjects', async () => {
    const school = await seedSeniorSchool(t.app, {
      streams: 2,
      learnersPerClass: 5,
      combinations: 5,
      adminPhone: '0799000011',
    });
    expect(school.classes.map((c) => c.learnerIds.length)).toEqual([5, 5]);
    expect(school.combinations.map((c) => c.pathway_name)).toEqual([
      'STEM',
      'STEM',
      'Social Sciences',
      'Social Sciences',
      'Arts and Sports Science',
    ]);
    const counts = await queryRows<{ subjects: number; learners: number }>(
      t.app.db,
      sql`select count(*)::int as learners, min(n)::int as subjects from (
            select ss.student_id, count(*) as n from student_subjects ss
            where ss.school_id = ${school.schoolId} group by ss.student_id) per`,
    );
    // English, Kiswahili, a Mathematics, CSL and three electives.
    expect(counts).toEqual([{ learners: 10, subjects: 7 }]);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw-rows';
import { expectStatus, type SignedInSchool, useTestApp } from '../../test/app';
import { kcseForm4 } from '../../test/results-school';

const { t, call, create, newSchool } = useTestApp();

const SUBJECTS = ['ENG', 'KIS', 'MAT'] as const;

/** A Form 4 of two streams with an exam; marks saved through the API. */
async function school(who: SignedInSchool) {
  const f = await kcseForm4({ t, call, create }, who, SUBJECTS);
  const exam = (
    await create(who, '/api/grades/exams/', {
      name: 'Opener',
      start_date: '2026-01-12',
      end_date: '2026-01-16',
    })
  ).id as number;
  return { ...f, exam };
}

/** The school's exam_sittings rows: student → class sat in and marks by subject code. */
async function sittingsOf(who: SignedInSchool, codeOf: Record<number, string>) {
  const rows = await queryRows<{ student_id: number; class_id: number; marks: string }>(
    t.app.db,
    sql`select student_id, class_id, marks::text as marks from exam_sittings
        where school_id = ${who.schoolId} order by student_id`,
  );
  return Object.fromEntries(
    rows.map((r) => [
      r.student_id,
      {
        class: r.class_id,
        marks: Object.fromEntries(
          Object.entries(JSON.parse(r.marks) as Record<string, unknown>).map(([id, mark]) => [
            codeOf[Number(id)],
            mark,
          ]),
        ),
      },
    ]),
  );
}

describe('exam_sittings (kept by the database from the marks)', () => {
  it('holds one row per student with marks in an exam, as their marks are after each save', async () => {
    const who = await newSchool();
    const f = await school(who);
    const codeOf = Object.fromEntries(Object.entries(f.subjectIds).map(([c, id]) => [id, c]));
    const amina = await f.admit('Amina', f.east);
    const baraka = await f.admit('Baraka', f.west);
    await f.admit('Chebet', f.east);

    await f.saveMarks(amina, f.exam, { ENG: 60, KIS: 'X', MAT: 70 });
    await f.saveMarks(baraka, f.exam, { ENG: 50 });
    expect(await sittingsOf(who, codeOf)).toEqual({
      [amina]: { class: f.east, marks: { ENG: 60, KIS: 'X', MAT: 70 } },
      [baraka]: { class: f.west, marks: { ENG: 50 } },
    });

    // A changed mark, a code replaced by a score, a mark removed: the student with none left
    // has no row.
    await f.saveMarks(amina, f.exam, { ENG: 65.5, KIS: 48 });
    await f.saveMarks(baraka, f.exam, { ENG: null });
    expect(await sittingsOf(who, codeOf)).toEqual({
      [amina]: { class: f.east, marks: { ENG: 65.5, KIS: 48, MAT: 70 } },
    });

    // Moved to West, Amina keeps the class she sat in; a new mark goes with her old ones.
    await expectStatus(call('PATCH', `/api/students/${amina}/`, who.auth, { class: f.west }), 200);
    await f.saveMarks(amina, f.exam, { MAT: 72 });
    expect((await sittingsOf(who, codeOf))[amina]).toEqual({
      class: f.east,
      marks: { ENG: 65.5, KIS: 48, MAT: 72 },
    });
  });

  it('keeps both of two saves of one student’s marks sent side by side', async () => {
    const who = await newSchool();
    const f = await school(who);
    const codeOf = Object.fromEntries(Object.entries(f.subjectIds).map(([c, id]) => [id, c]));
    const students = [];
    for (const name of 'ABCDEFGHIJKLMNOPQRST'.split('').map((c) => `Pupil${c}`)) {
      students.push(await f.admit(name, f.east));
    }
    await Promise.all(
      students.flatMap((s) => [
        f.saveMarks(s, f.exam, { ENG: 61 }),
        f.saveMarks(s, f.exam, { KIS: 62 }),
        f.saveMarks(s, f.exam, { MAT: 63 }),
      ]),
    );
    const sittings = await sittingsOf(who, codeOf);
    for (const s of students) {
      expect(sittings[s]).toEqual({ class: f.east, marks: { ENG: 61, KIS: 62, MAT: 63 } });
    }
  });
});

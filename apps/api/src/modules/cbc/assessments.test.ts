import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assessmentEntryChanges } from '../../db/schema/index';
import type { SignedInSchool } from '../../test/app';
import { expectStatus, useTestApp } from '../../test/app';
import {
  addTeacherFixture,
  admitFixture,
  learningAreasOf,
  signInChangingPassword,
} from '../../test/fixtures';

const { t, call, create, schools, newSchool } = useTestApp('Kilimani Junior School');
const [other] = schools;

/** 8 East (Grade 8) with three learners, its Mathematics and one strand, and its teacher. */
async function grade8(who: SignedInSchool) {
  const { class: east } = await create(who, '/api/classes/', { name: '8 East', level: 'Grade 8' });
  const achieng = await admitFixture(t.app, who, east.id, {
    first_name: 'Achieng',
    last_name: 'Otieno',
  });
  const baraka = await admitFixture(t.app, who, east.id, {
    first_name: 'Baraka',
    last_name: 'Mwangi',
  });
  const chebet = await admitFixture(t.app, who, east.id, {
    first_name: 'Chebet',
    last_name: 'Kiprop',
  });
  const area = await learningAreasOf(t.app, who, 'Grade 8');
  const maths = area('Mathematics');
  const numbers = await create(who, '/api/cbc/strands/', {
    learning_area: maths.id,
    strand: 'Numbers',
  });
  const { teacher, phone, password } = await addTeacherFixture(t.app, who);
  await create(who, `/api/staff/teachers/${teacher.id}/assignments/`, {
    class: east.id,
    learning_area: maths.id,
  });
  const teacherAuth = (await signInChangingPassword(t.app, phone, password)).auth;
  return { east, maths, english: area('English'), numbers, achieng, baraka, chebet, teacherAuth };
}

const newAssessment = (who: SignedInSchool | { auth: Record<string, string> }, body: object) =>
  call('POST', '/api/cbc/assessments/', who.auth, body);

describe('CBC assessments', () => {
  it('lets the learning area’s teacher create one and enter each learner’s level by strand', async () => {
    const who = await newSchool();
    const s = await grade8(who);
    const made = await expectStatus(
      newAssessment(
        { auth: s.teacherAuth },
        {
          class: s.east.id,
          learning_area: s.maths.id,
          kind: 'observation',
          date: '2026-11-20',
          strands: [s.numbers.id],
        },
      ),
      201,
    );
    const assessment = made.json();
    expect(assessment).toMatchObject({
      class: { id: s.east.id, name: '8 East' },
      learning_area: { name: 'Mathematics' },
      kind: 'observation',
      scale: 'kjsea',
      out_of: null,
      strands: [{ id: s.numbers.id, strand: 'Numbers', sub_strand: null }],
    });
    const saved = await expectStatus(
      call('PUT', `/api/cbc/assessments/${assessment.id}/levels/`, s.teacherAuth, {
        entries: [
          { student: s.achieng.id, strand: s.numbers.id, level: 'EE1' },
          { student: s.baraka.id, strand: s.numbers.id, level: 'me2', comment: 'Good effort' },
          { student: s.chebet.id, strand: s.numbers.id, absent: true },
        ],
      }),
      200,
    );
    expect(saved.json().learners.map((l: { name: string }) => l.name)).toEqual([
      'Achieng Otieno',
      'Baraka Mwangi',
      'Chebet Kiprop',
    ]);
    expect(saved.json().entries).toEqual([
      {
        student: s.achieng.id,
        strand: s.numbers.id,
        level: 'EE1',
        mark: null,
        absent: false,
        comment: null,
      },
      {
        student: s.baraka.id,
        strand: s.numbers.id,
        level: 'ME2',
        mark: null,
        absent: false,
        comment: 'Good effort',
      },
      // Absent is absent, never Below Expectations.
      {
        student: s.chebet.id,
        strand: s.numbers.id,
        level: null,
        mark: null,
        absent: true,
        comment: null,
      },
    ]);
    // No ranking anywhere in a CBC answer.
    expect(saved.body).not.toMatch(/position|rank/i);
    const listed = await call('GET', `/api/cbc/assessments/?class=${s.east.id}`, who.auth);
    expect(listed.json().assessments).toEqual([assessment]);
  });

  it('turns a test’s mark into its level, rounding half up (89.5% is EE1, 57% is ME2)', async () => {
    const who = await newSchool();
    const s = await grade8(who);
    const test = await create(who, '/api/cbc/assessments/', {
      class: s.east.id,
      learning_area: s.maths.id,
      kind: 'summative_test',
      date: '2026-11-21',
      out_of: 200,
    });
    const res = await expectStatus(
      call('PUT', `/api/cbc/assessments/${test.id}/levels/`, who.auth, {
        entries: [
          { student: s.achieng.id, strand: null, mark: 179 },
          { student: s.baraka.id, strand: null, mark: 116 },
          { student: s.chebet.id, strand: null, mark: 114 },
        ],
      }),
      200,
    );
    expect(
      res.json().entries.map((e: { level: string; mark: number }) => [e.mark, e.level]),
    ).toEqual([
      [179, 'EE1'],
      [116, 'ME1'],
      [114, 'ME2'],
    ]);
  });

  it('saves all or nothing: one bad entry is named and nothing changes', async () => {
    const who = await newSchool();
    const s = await grade8(who);
    const a = await create(who, '/api/cbc/assessments/', {
      class: s.east.id,
      learning_area: s.maths.id,
      kind: 'oral',
      date: '2026-11-22',
      strands: [s.numbers.id],
    });
    const path = `/api/cbc/assessments/${a.id}/levels/`;
    const cases: [object, string, string][] = [
      [
        { student: s.baraka.id, strand: s.numbers.id, level: 'EE' },
        'entries.1.level',
        'Entry 2 (Baraka Mwangi): Choose one of EE1, EE2, ME1, ME2, AE1, AE2, BE1, BE2',
      ],
      [
        { student: s.baraka.id, strand: s.numbers.id, mark: 5 },
        'entries.1.mark',
        'Entry 2 (Baraka Mwangi): This assessment has no out-of mark: enter a level',
      ],
      [
        { student: s.baraka.id, strand: s.numbers.id, absent: true, level: 'ME1' },
        'entries.1.absent',
        'Entry 2 (Baraka Mwangi): An absent learner has no level or mark',
      ],
      [
        { student: s.achieng.id, strand: s.numbers.id, level: 'ME1' },
        'entries.1.student',
        'Entry 2 (Achieng Otieno): The same learner and strand are also entry 1',
      ],
      [
        { student: 999999, strand: s.numbers.id, level: 'ME1' },
        'entries.1.student',
        'Entry 2: This learner is not in the class',
      ],
    ];
    for (const [bad, field, message] of cases) {
      const res = await expectStatus(
        call('PUT', path, who.auth, {
          entries: [{ student: s.achieng.id, strand: s.numbers.id, level: 'EE1' }, bad],
        }),
        400,
        message,
      );
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    const otherStrand = await create(who, '/api/cbc/strands/', {
      learning_area: s.maths.id,
      strand: 'Algebra',
    });
    await expectStatus(
      call('PUT', path, who.auth, {
        entries: [{ student: s.achieng.id, strand: otherStrand.id, level: 'EE1' }],
      }),
      400,
      'Entry 1 (Achieng Otieno): This strand is not one the assessment covers',
    );
    const sheet = await call('GET', `/api/cbc/assessments/${a.id}/`, who.auth);
    expect(sheet.json().entries).toEqual([]);
    await expectStatus(
      call('PUT', path, who.auth, { entries: [] }),
      400,
      'Send at least one entry',
    );
    await expectStatus(call('PUT', path, who.auth, {}), 400);
  });

  it('keeps every change with who and when, and clears an entry left empty', async () => {
    const who = await newSchool();
    const s = await grade8(who);
    const a = await create(who, '/api/cbc/assessments/', {
      class: s.east.id,
      learning_area: s.maths.id,
      kind: 'written',
      date: '2026-11-23',
    });
    const path = `/api/cbc/assessments/${a.id}/levels/`;
    const put = (level: string | null) =>
      expectStatus(
        call('PUT', path, s.teacherAuth, {
          entries: [{ student: s.achieng.id, strand: null, level }],
        }),
        200,
      );
    await put('AE1');
    await put('AE1');
    await put('ME1');
    const cleared = await put(null);
    expect(cleared.json().entries).toEqual([]);
    const changes = await t.app.db
      .select({ level: assessmentEntryChanges.level, by: assessmentEntryChanges.changedBy })
      .from(assessmentEntryChanges)
      .where(eq(assessmentEntryChanges.assessmentId, a.id))
      .orderBy(assessmentEntryChanges.id);
    // The same level twice is one change; the clearing is kept too.
    expect(changes.map((c) => c.level)).toEqual(['AE1', 'ME1', null]);
    expect(new Set(changes.map((c) => c.by)).size).toBe(1);
  });

  it('refuses a teacher of another learning area, naming it (403)', async () => {
    const who = await newSchool();
    const s = await grade8(who);
    await expectStatus(
      newAssessment(
        { auth: s.teacherAuth },
        {
          class: s.east.id,
          learning_area: s.english.id,
          kind: 'oral',
          date: '2026-11-20',
        },
      ),
      403,
      'You do not teach English in 8 East: only its teacher or an administrator can assess it',
    );
    const a = await create(who, '/api/cbc/assessments/', {
      class: s.east.id,
      learning_area: s.english.id,
      kind: 'oral',
      date: '2026-11-20',
    });
    await expectStatus(
      call('PUT', `/api/cbc/assessments/${a.id}/levels/`, s.teacherAuth, {
        entries: [{ student: s.achieng.id, strand: null, level: 'ME1' }],
      }),
      403,
      'You do not teach English in 8 East: only its teacher or an administrator can assess it',
    );
  });

  it('refuses a bad body with the field’s message (400) and no token (401)', async () => {
    const who = await newSchool();
    const s = await grade8(who);
    const res = await expectStatus(
      newAssessment(who, {
        class: s.east.id,
        learning_area: s.maths.id,
        kind: 'quiz',
        date: '2026-11-20',
      }),
      400,
    );
    expect(res.json().errors.kind).toEqual(['Choose the kind of assessment']);
    const noDate = await expectStatus(
      newAssessment(who, { class: s.east.id, learning_area: s.maths.id, kind: 'oral' }),
      400,
    );
    expect(noDate.json().errors.date).toBeDefined();
    const wrongStrand = await expectStatus(
      newAssessment(who, {
        class: s.east.id,
        learning_area: s.english.id,
        kind: 'oral',
        date: '2026-11-20',
        strands: [s.numbers.id],
      }),
      400,
    );
    expect(wrongStrand.json().errors.strands).toEqual(['Choose strands of English']);
    await expectStatus(call('GET', '/api/cbc/assessments/?class=1', {}), 401);
    await expectStatus(call('POST', '/api/cbc/assessments/', {}, {}), 401);
    await expectStatus(call('PUT', '/api/cbc/assessments/1/levels/', {}, { entries: [] }), 401);
  });

  it('keeps schools apart: another school’s class, learning area and assessment are 404', async () => {
    const who = await newSchool();
    const mine = await grade8(who);
    const theirs = await grade8(other!);
    const a = await create(other!, '/api/cbc/assessments/', {
      class: theirs.east.id,
      learning_area: theirs.maths.id,
      kind: 'oral',
      date: '2026-11-20',
    });
    await expectStatus(
      newAssessment(who, {
        class: theirs.east.id,
        learning_area: mine.maths.id,
        kind: 'oral',
        date: '2026-11-20',
      }),
      404,
    );
    await expectStatus(
      newAssessment(who, {
        class: mine.east.id,
        learning_area: theirs.maths.id,
        kind: 'oral',
        date: '2026-11-20',
      }),
      404,
    );
    await expectStatus(call('GET', `/api/cbc/assessments/${a.id}/`, who.auth), 404);
    await expectStatus(call('GET', `/api/cbc/assessments/?class=${theirs.east.id}`, who.auth), 404);
    await expectStatus(
      call('PUT', `/api/cbc/assessments/${a.id}/levels/`, who.auth, {
        entries: [{ student: theirs.achieng.id, strand: null, level: 'ME1' }],
      }),
      404,
    );
  });
});

import { describe, expect, it } from 'vitest';
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

/** 8 East with two learners, an observation of its Mathematics by strand, and that teacher. */
async function observation(who: SignedInSchool) {
  const { class: east } = await create(who, '/api/classes/', { name: '8 East', level: 'Grade 8' });
  const achieng = await admitFixture(t.app, who, east.id, {
    first_name: 'Achieng',
    last_name: 'Otieno',
  });
  const baraka = await admitFixture(t.app, who, east.id, {
    first_name: 'Baraka',
    last_name: 'Mwangi',
  });
  const area = await learningAreasOf(t.app, who, 'Grade 8');
  const numbers = await create(who, '/api/cbc/strands/', {
    learning_area: area('Mathematics').id,
    strand: 'Numbers',
    sub_strand: 'Integers',
  });
  const { teacher, phone, password } = await addTeacherFixture(t.app, who);
  await create(who, `/api/staff/teachers/${teacher.id}/assignments/`, {
    class: east.id,
    learning_area: area('Mathematics').id,
  });
  const teacherAuth = (await signInChangingPassword(t.app, phone, password)).auth;
  const maths = await create(who, '/api/cbc/assessments/', {
    class: east.id,
    learning_area: area('Mathematics').id,
    kind: 'observation',
    date: '2026-11-20',
    strands: [numbers.id],
  });
  const english = await create(who, '/api/cbc/assessments/', {
    class: east.id,
    learning_area: area('English').id,
    kind: 'oral',
    date: '2026-11-20',
  });
  return { east, achieng, baraka, numbers, teacherAuth, maths, english };
}

const historyOf = (assessment: number, student: number | string, auth: Record<string, string>) =>
  call('GET', `/api/cbc/assessments/${assessment}/history/?student=${student}`, auth);

describe('GET /api/cbc/assessments/{id}/history/', () => {
  it('lists one learner’s changes, oldest first, with who made each', async () => {
    const who = await newSchool();
    const s = await observation(who);
    const levels = `/api/cbc/assessments/${s.maths.id}/levels/`;
    await expectStatus(
      call('PUT', levels, s.teacherAuth, {
        entries: [
          { student: s.achieng.id, strand: s.numbers.id, level: 'ME2' },
          { student: s.achieng.id, strand: null, comment: 'Works well with others' },
          { student: s.baraka.id, strand: s.numbers.id, level: 'EE1' },
        ],
      }),
      200,
    );
    await expectStatus(
      call('PUT', levels, who.auth, {
        entries: [{ student: s.achieng.id, strand: s.numbers.id, absent: true }],
      }),
      200,
    );
    const res = await expectStatus(historyOf(s.maths.id, s.achieng.id, s.teacherAuth), 200);
    const body = res.json();
    expect(body.student).toEqual({ id: s.achieng.id, name: 'Achieng Otieno' });
    const teacherName = 'Peter Otieno'; // addTeacherFixture's name
    expect(
      body.changes.map((c: Record<string, unknown>) => ({ ...c, id: 0, changed_at: '' })),
    ).toEqual([
      {
        id: 0,
        strand: { id: s.numbers.id, strand: 'Numbers', sub_strand: 'Integers' },
        level: 'ME2',
        mark: null,
        absent: false,
        comment: null,
        changed_by: { name: teacherName },
        changed_at: '',
      },
      {
        id: 0,
        strand: null,
        level: null,
        mark: null,
        absent: false,
        comment: 'Works well with others',
        changed_by: { name: teacherName },
        changed_at: '',
      },
      {
        id: 0,
        strand: { id: s.numbers.id, strand: 'Numbers', sub_strand: 'Integers' },
        level: null,
        mark: null,
        absent: true,
        comment: null,
        changed_by: { name: expect.any(String) },
        changed_at: '',
      },
    ]);
    expect(Number.isNaN(Date.parse(body.changes[0].changed_at))).toBe(false);
    expect(res.body).not.toMatch(/position|rank/i);
    // Another learner's changes are not in it; a learner with none has an empty list.
    const none = await expectStatus(historyOf(s.english.id, s.baraka.id, who.auth), 200);
    expect(none.json().changes).toEqual([]);
  });

  it('asks for the learner in words (400) and a token (401)', async () => {
    const who = await newSchool();
    const s = await observation(who);
    const missing = await expectStatus(
      call('GET', `/api/cbc/assessments/${s.maths.id}/history/`, who.auth),
      400,
    );
    expect(missing.json().errors.student).toBeDefined();
    const bad = await expectStatus(historyOf(s.maths.id, 'abc', who.auth), 400);
    expect(bad.json().errors.student).toBeDefined();
    await expectStatus(historyOf(s.maths.id, s.achieng.id, {}), 401);
  });

  it('refuses a teacher of another learning area, naming it (403)', async () => {
    const who = await newSchool();
    const s = await observation(who);
    await expectStatus(
      historyOf(s.english.id, s.achieng.id, s.teacherAuth),
      403,
      'You do not teach English in 8 East: only its teacher or an administrator can assess it',
    );
  });

  it('keeps schools apart: another school’s assessment or learner is 404', async () => {
    const who = await newSchool();
    const mine = await observation(who);
    const theirs = await observation(other!);
    await expectStatus(historyOf(theirs.maths.id, theirs.achieng.id, who.auth), 404);
    await expectStatus(historyOf(mine.maths.id, theirs.achieng.id, who.auth), 404);
  });
});

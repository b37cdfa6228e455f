import { SETUP_MESSAGES, type SetupState, setupResponse } from '@shule/shared/setup';
import { describe, expect, it } from 'vitest';
import {
  expectStatus,
  OTHER_SCHOOL_MESSAGE,
  type SignedInSchool,
  useTestApp,
} from '../../test/app';
import { addTeacherFixture, createClassFixture, signedInTeacher } from '../../test/fixtures';

const { t, schools, call, create, newSchool } = useTestApp('Alliance High School', 'Lenana School');
const [, theirs] = schools;

const send = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  who: SignedInSchool | null,
  payload?: object,
) => t.app.inject({ method, url, headers: who?.auth ?? {}, payload });

async function setupOf(who: SignedInSchool): Promise<SetupState> {
  const res = await expectStatus(send('GET', '/api/setup/', who), 200);
  return setupResponse.parse(res.json());
}

const moveTo = (who: SignedInSchool, step: unknown) =>
  send('PUT', '/api/setup/', who, { school: who.schoolId, step });

/** The year, a term of it and a class, saved through their own endpoints as the wizard does. */
async function saveYearTermAndClass(who: SignedInSchool) {
  const year = await create(who, '/api/fees/academic_years/', {
    name: '2026',
    start_date: '2026-01-05',
    end_date: '2026-11-27',
    school: who.schoolId,
  });
  const term = await create(who, '/api/fees/terms/', {
    name: 'Term 1',
    start_date: '2026-01-05',
    end_date: '2026-04-02',
    academic_year: year.id,
    school: who.schoolId,
  });
  const form1 = await createClassFixture(t.app, who, 'Form 1 East');
  return { year, term, form1 };
}

describe('GET /api/setup/', () => {
  it('answers step 1, unfinished and nothing saved for a new school', async () => {
    const school = await newSchool();
    expect(await setupOf(school)).toEqual({
      step: 1,
      finished_at: null,
      academic_year: null,
      terms: [],
      classes: [],
      after: { grades: 0, subjects: 0, teachers: 0 },
    });
  });

  it('counts what comes after the wizard: the grades, subjects and teachers of this school only', async () => {
    const school = await newSchool();
    const other = await newSchool();
    await expectStatus(call('POST', '/api/grades/grades/kcse/', school.auth), 201);
    await create(school, '/api/grades/subjects/', { name: 'English', code: 'ENG' });
    await addTeacherFixture(t.app, school);
    await addTeacherFixture(t.app, other);
    expect((await setupOf(school)).after).toEqual({ grades: 12, subjects: 1, teachers: 1 });
    expect((await setupOf(other)).after).toEqual({ grades: 0, subjects: 0, teachers: 1 });
  });

  it("reads back what was saved: the latest year, its terms by date and the school's classes", async () => {
    const school = await newSchool();
    await create(school, '/api/fees/academic_years/', {
      name: '2025',
      start_date: '2025-01-06',
      end_date: '2025-11-28',
      school: school.schoolId,
    });
    const { year, term } = await saveYearTermAndClass(school);
    const second = await create(school, '/api/fees/terms/', {
      name: 'Term 2',
      start_date: '2026-04-27',
      end_date: '2026-07-31',
      academic_year: year.id,
      school: school.schoolId,
    });
    // A term of no year is not the wizard's.
    await create(school, '/api/fees/terms/', {
      name: 'Holiday tuition',
      start_date: '2026-12-01',
      end_date: '2026-12-15',
      school: school.schoolId,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/classes/?school=${school.schoolId}`,
      headers: school.auth,
      payload: { name: 'Form 2 West', level: 'Form 2' },
    });
    const state = await setupOf(school);
    expect(state.academic_year).toEqual({
      id: year.id,
      name: '2026',
      start_date: '2026-01-05',
      end_date: '2026-11-27',
    });
    expect(state.terms.map((x) => [x.id, x.name])).toEqual([
      [term.id, 'Term 1'],
      [second.id, 'Term 2'],
    ]);
    expect(state.classes).toEqual([
      { id: expect.any(Number), name: 'Form 1 East', level: null },
      { id: expect.any(Number), name: 'Form 2 West', level: 'Form 2' },
    ]);
  });

  it('answers 401 without a token, 403 to a teacher and for another school', async () => {
    await expectStatus(send('GET', '/api/setup/', null), 401);
    const school = await newSchool();
    const teacher = await signedInTeacher(t.app, school);
    await expectStatus(send('GET', '/api/setup/', teacher), 403);
    await expectStatus(
      send('GET', `/api/setup/?school=${theirs.schoolId}`, school),
      403,
      OTHER_SCHOOL_MESSAGE,
    );
  });

  it("never shows another school's year, terms or classes", async () => {
    const school = await newSchool();
    await saveYearTermAndClass(theirs);
    expect(await setupOf(school)).toMatchObject({ academic_year: null, terms: [], classes: [] });
  });
});

describe('PUT /api/setup/', () => {
  it('keeps the step moved to, and reads it back after a reload', async () => {
    const school = await newSchool();
    const res = await expectStatus(moveTo(school, 2), 200);
    expect(res.json()).toMatchObject({ step: 2, finished_at: null });
    expect((await setupOf(school)).step).toBe(2);
    await saveYearTermAndClass(school);
    await expectStatus(moveTo(school, 5), 200);
    expect((await setupOf(school)).step).toBe(5);
    // Back is always allowed.
    await expectStatus(moveTo(school, 3), 200);
    expect((await setupOf(school)).step).toBe(3);
  });

  it('refuses a step whose earlier steps were not saved, naming what is missing', async () => {
    const school = await newSchool();
    await expectStatus(moveTo(school, 3), 400, SETUP_MESSAGES.needsYear);
    const year = await create(school, '/api/fees/academic_years/', {
      name: '2026',
      start_date: '2026-01-05',
      end_date: '2026-11-27',
      school: school.schoolId,
    });
    await expectStatus(moveTo(school, 3), 200);
    const res = await expectStatus(moveTo(school, 4), 400, SETUP_MESSAGES.needsTerm);
    expect(res.json().errors).toEqual({ step: [SETUP_MESSAGES.needsTerm] });
    await create(school, '/api/fees/terms/', {
      name: 'Term 1',
      start_date: '2026-01-05',
      end_date: '2026-04-02',
      academic_year: year.id,
      school: school.schoolId,
    });
    await expectStatus(moveTo(school, 4), 200);
    await expectStatus(moveTo(school, 5), 400, SETUP_MESSAGES.needsClass);
    expect((await setupOf(school)).step).toBe(4);
  });

  it('answers 400 with the field message for a step that is not 1 to 6', async () => {
    const school = await newSchool();
    for (const step of [0, 7, 2.5, '2', null]) {
      const res = await expectStatus(moveTo(school, step), 400, SETUP_MESSAGES.step);
      expect(res.json().errors.step).toEqual([SETUP_MESSAGES.step]);
    }
    await expectStatus(send('PUT', '/api/setup/', school, {}), 400, SETUP_MESSAGES.step);
  });

  it('answers 401 without a token, 403 to a teacher and for another school', async () => {
    await expectStatus(send('PUT', '/api/setup/', null, { step: 2 }), 401);
    const school = await newSchool();
    const teacher = await signedInTeacher(t.app, school);
    await expectStatus(send('PUT', '/api/setup/', teacher, { step: 2 }), 403);
    await expectStatus(
      send('PUT', '/api/setup/', school, { school: theirs.schoolId, step: 2 }),
      403,
      OTHER_SCHOOL_MESSAGE,
    );
    expect((await setupOf(theirs)).step).toBe(1);
  });
});

describe('POST /api/setup/finish/', () => {
  it('finishes once: step 6, the first moment kept', async () => {
    const school = await newSchool();
    await saveYearTermAndClass(school);
    const first = await expectStatus(
      send('POST', '/api/setup/finish/', school, { school: school.schoolId }),
      200,
    );
    const finishedAt = first.json().finished_at;
    expect(first.json().step).toBe(6);
    expect(Date.parse(finishedAt)).toBeLessThanOrEqual(Date.now());
    const again = await expectStatus(send('POST', '/api/setup/finish/', school, {}), 200);
    expect(again.json().finished_at).toBe(finishedAt);
    expect((await setupOf(school)).finished_at).toBe(finishedAt);
    // Going back to the wizard after finishing keeps it finished.
    await expectStatus(moveTo(school, 2), 200);
    expect(await setupOf(school)).toMatchObject({ step: 2, finished_at: finishedAt });
  });

  it('refuses to finish without the year, a term and a class', async () => {
    const school = await newSchool();
    await expectStatus(
      send('POST', '/api/setup/finish/', school, {}),
      400,
      SETUP_MESSAGES.needsYear,
    );
    expect((await setupOf(school)).finished_at).toBeNull();
  });

  it('answers 400 for a bad school, 401 without a token, 403 to a teacher and for another school', async () => {
    const school = await newSchool();
    const res = await expectStatus(
      send('POST', '/api/setup/finish/', school, { school: 'x' }),
      400,
    );
    expect(res.json().errors.school).toBeDefined();
    await expectStatus(send('POST', '/api/setup/finish/', null, {}), 401);
    const teacher = await signedInTeacher(t.app, school);
    await expectStatus(send('POST', '/api/setup/finish/', teacher, {}), 403);
    const other = await newSchool('Kenya High School');
    await saveYearTermAndClass(other);
    await expectStatus(
      send('POST', '/api/setup/finish/', school, { school: other.schoolId }),
      403,
      OTHER_SCHOOL_MESSAGE,
    );
    expect((await setupOf(other)).finished_at).toBeNull();
  });
});

// The dashboard decides whether to offer the wizard from the session's answer.
describe("GET /api/users/user/: where the admin's school's setup stands", () => {
  const setupInSession = async (who: SignedInSchool | null) =>
    (await expectStatus(send('GET', '/api/users/user/', who), 200)).json().setup;

  it('follows the step reached and the finish, as GET /api/setup/ says', async () => {
    const school = await newSchool();
    expect(await setupInSession(school)).toEqual({ step: 1, finished_at: null });
    await saveYearTermAndClass(school);
    await expectStatus(moveTo(school, 3), 200);
    expect(await setupInSession(school)).toEqual({ step: 3, finished_at: null });
    await expectStatus(send('POST', '/api/setup/finish/', school, {}), 200);
    const { step, finished_at } = await setupOf(school);
    expect(finished_at).not.toBeNull();
    expect(await setupInSession(school)).toEqual({ step, finished_at });
  });

  it("answers each admin their own school's setup, and a teacher none", async () => {
    const finished = await newSchool();
    await saveYearTermAndClass(finished);
    await expectStatus(send('POST', '/api/setup/finish/', finished, {}), 200);
    const other = await newSchool('Kenya High School');
    expect((await setupInSession(finished)).finished_at).not.toBeNull();
    expect(await setupInSession(other)).toEqual({ step: 1, finished_at: null });
    expect(await setupInSession(theirs)).toEqual({ step: 1, finished_at: null });
    expect(await setupInSession(await signedInTeacher(t.app, finished))).toBeNull();
  });

  it('answers 401 without a token', async () => {
    await expectStatus(send('GET', '/api/users/user/', null), 401);
  });
});

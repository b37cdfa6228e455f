import { parseCsv } from '@shule/shared/csv';
import { ENTRY_LIST_COLUMNS, KJSEA_LEARNING_AREAS, KJSEA_MESSAGES } from '@shule/shared/kjsea';
import { SENIOR_MESSAGES } from '@shule/shared/senior';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classes, seniorChoices } from '../../db/schema/index';
import type { SignedInSchool } from '../../test/app';
import { expectStatus, teacherOf, useTestApp } from '../../test/app';
import { admitFixture } from '../../test/fixtures';
import { multipartForm } from '../../test/multipart';
import { kcseForm4 } from '../../test/results-school';

const { t, call, create, schools, newSchool } = useTestApp('Alliance High School', 'Maseno School');
const [main, other] = schools;

const allLevels = (level = 'ME1') =>
  Object.fromEntries(KJSEA_LEARNING_AREAS.map((a) => [a, level])) as Record<string, string>;

/** A Grade 10 class of the school and a learner in it. */
async function grade10Learner(who: SignedInSchool, overrides: object = {}) {
  const name = `10 ${Math.random().toString(36).slice(2, 8)}`;
  const cls = (await create(who, '/api/classes/', { name, level: 'Grade 10' })).class;
  const student = await admitFixture(t.app, who, cls.id, overrides);
  return { cls, student };
}

const put = (who: SignedInSchool | null, id: number, body: object) =>
  call('PUT', `/api/students/${id}/kjsea/`, who?.auth ?? {}, body);
const get = (who: SignedInSchool | null, id: number) =>
  call('GET', `/api/students/${id}/kjsea/`, who?.auth ?? {});

const importFile = (who: SignedInSchool | null, csv: string, preview = false) => {
  const { payload, headers } = multipartForm([{ name: 'file', value: csv, filename: 'k.csv' }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/senior/kjsea/import/${preview ? '?preview=true' : ''}`,
    headers: { ...(who?.auth ?? {}), ...headers },
    payload,
  });
};
const AREA_HEADS = KJSEA_LEARNING_AREAS.join(',');
const levelsRow = (level = 'EE2') => KJSEA_LEARNING_AREAS.map(() => level).join(',');

describe('PUT /api/students/{id}/kjsea/', () => {
  it('records the nine levels with their words and points, out of 72, and sets the Assessment Number', async () => {
    const { student } = await grade10Learner(main!);
    const levels = { ...allLevels('ME1'), English: 'ee1', Mathematics: 'BE2' };
    const res = await expectStatus(
      put(main!, student.id, {
        assessment_number: 'a1234567',
        junior_school: 'Kilimani JS',
        levels,
      }),
      200,
    );
    const body = res.json();
    expect(body).toMatchObject({
      student_id: student.id,
      assessment_number: 'A1234567',
      junior_school: 'Kilimani JS',
      total_points: 8 + 1 + 7 * 6,
      out_of: 72,
    });
    expect(body.areas.map((a: { learning_area: string }) => a.learning_area)).toEqual([
      ...KJSEA_LEARNING_AREAS,
    ]);
    expect(body.areas[0]).toEqual({
      learning_area: 'English',
      level: 'EE1',
      words: 'Exceeding Expectations',
      points: 8,
    });
    expect(body.areas[2]).toMatchObject({ level: 'BE2', words: 'Below Expectations', points: 1 });
    expect((await expectStatus(get(main!, student.id), 200)).json()).toEqual(body);
    const learner = await expectStatus(
      call('GET', `/api/students/${student.id}/`, main!.auth),
      200,
    );
    expect(learner.json().assessment_number).toBe('A1234567');

    // A second PUT replaces it; without assessment_number the learner's number stays.
    const again = await expectStatus(put(main!, student.id, { levels: allLevels('EE1') }), 200);
    expect(again.json()).toMatchObject({
      total_points: 72,
      junior_school: null,
      assessment_number: 'A1234567',
    });
    const log = await expectStatus(
      call('GET', '/api/audit_log/?action=kjsea_recorded', main!.auth),
      200,
    );
    expect(log.json().entries[0]).toMatchObject({
      subject_type: 'student',
      subject_id: student.id,
    });
  });

  it('names the missing area, the bad level and an unknown area (400)', async () => {
    const { student } = await grade10Learner(main!);
    const { English: _, ...missing } = allLevels();
    const res = await expectStatus(put(main!, student.id, { levels: missing }), 400);
    expect(res.json().message).toBe(KJSEA_MESSAGES.missingArea('English'));
    expect(res.json().errors['levels.English']).toEqual([KJSEA_MESSAGES.missingArea('English')]);

    const bad = await expectStatus(
      put(main!, student.id, { levels: { ...allLevels(), 'Social Studies': 'EE3' } }),
      400,
    );
    expect(bad.json().errors['levels.Social Studies']).toEqual([
      KJSEA_MESSAGES.badLevel('Social Studies'),
    ]);
    const unknown = await expectStatus(
      put(main!, student.id, { levels: { ...allLevels(), Chemistry: 'EE1' } }),
      400,
    );
    expect(unknown.json().errors['levels.Chemistry']).toEqual([
      KJSEA_MESSAGES.unknownArea('Chemistry'),
    ]);
    await expectStatus(
      put(main!, student.id, { levels: allLevels(), assessment_number: 'A-1' }),
      400,
    );
    await expectStatus(put(main!, student.id, {}), 400);
    expect((await expectStatus(get(main!, student.id), 200)).json()).toBeNull();
  });

  it("refuses another learner's Assessment Number (409)", async () => {
    const { student: first } = await grade10Learner(main!);
    const { student: second } = await grade10Learner(main!);
    await expectStatus(
      put(main!, first.id, { assessment_number: 'B7654321', levels: allLevels() }),
      200,
    );
    const res = await expectStatus(
      put(main!, second.id, { assessment_number: 'b7654321', levels: allLevels() }),
      409,
    );
    expect(res.json().message).toBe(
      "Assessment Number B7654321 is already another student's in this school",
    );
  });

  it('is refused without a token (401), to a teacher (403), and for another school (404)', async () => {
    const { student, cls } = await grade10Learner(main!);
    await expectStatus(put(null, student.id, { levels: allLevels() }), 401);
    await expectStatus(get(null, student.id), 401);
    const teacher = await teacherOf(t.app, main!.schoolId);
    await expectStatus(
      call('PUT', `/api/students/${student.id}/kjsea/`, teacher.auth, { levels: allLevels() }),
      403,
    );
    // A teacher of another class may not read it; the class's teacher may.
    await expectStatus(call('GET', `/api/students/${student.id}/kjsea/`, teacher.auth), 403);
    const subject = await create(main!, '/api/grades/subjects/', {
      name: `Chemistry ${cls.id}`,
      code: `C${cls.id}`,
    });
    const theirs = await teacherOf(t.app, main!.schoolId, [
      { classId: cls.id, subjectId: subject.id },
    ]);
    await expectStatus(call('GET', `/api/students/${student.id}/kjsea/`, theirs.auth), 200);

    await expectStatus(put(other!, student.id, { levels: allLevels() }), 404);
    await expectStatus(get(other!, student.id), 404);
    await expectStatus(call('DELETE', `/api/students/${student.id}/kjsea/`, other!.auth), 404);
  });

  it('is deleted by an admin (204), leaving null, and audited', async () => {
    const { student } = await grade10Learner(main!);
    await expectStatus(call('DELETE', `/api/students/${student.id}/kjsea/`, main!.auth), 404);
    await expectStatus(put(main!, student.id, { levels: allLevels() }), 200);
    await expectStatus(call('DELETE', `/api/students/${student.id}/kjsea/`, main!.auth), 204);
    expect((await expectStatus(get(main!, student.id), 200)).json()).toBeNull();
    const log = await expectStatus(
      call('GET', '/api/audit_log/?action=kjsea_deleted', main!.auth),
      200,
    );
    expect(log.json().entries[0]).toMatchObject({ subject_id: student.id });
  });
});

describe('POST /api/senior/kjsea/import/', () => {
  it('previews the rows with their problems, imports none while one has a problem, then all', async () => {
    const who = await newSchool();
    const { student: a } = await grade10Learner(who);
    const { student: b } = await grade10Learner(who);
    const adm = a.admission_number;
    await expectStatus(put(who, b.id, { assessment_number: 'C1111111', levels: allLevels() }), 200);
    const bad = [
      `Admission number,Assessment Number,Junior school,${AREA_HEADS}`,
      `${adm},D2222222,Kisumu JS,${levelsRow('EE2')}`,
      `,C1111111,,${levelsRow('AE1')}`,
      `9999,,,${levelsRow('ME2')}`,
      `,,,${levelsRow('ME2')}`,
      `${adm},,,${KJSEA_LEARNING_AREAS.map((_, i) => (i === 4 ? 'X' : 'ME1')).join(',')}`,
    ].join('\n');
    const preview = await expectStatus(importFile(who, bad, true), 200);
    expect(preview.json()).toMatchObject({ valid: 1, invalid: 4, file_errors: [] });
    const errors = preview.json().rows.map((r: { errors: object }) => r.errors);
    // The learner twice: both rows say where the other is.
    expect(errors[0]).toEqual({
      admission_number: [`Admission number ${adm} is also on row 6 of the file`],
    });
    expect(errors[1]).toEqual({});
    expect(errors[2]).toEqual({ admission_number: [KJSEA_MESSAGES.noSuchAdmission('9999')] });
    expect(errors[3]).toEqual({ admission_number: [KJSEA_MESSAGES.learnerMissing] });
    expect(errors[4]).toMatchObject({
      admission_number: [`Admission number ${adm} is also on row 2 of the file`],
      integrated_science: [KJSEA_MESSAGES.badLevel('Integrated Science')],
    });

    const refused = await expectStatus(importFile(who, bad), 400);
    expect(refused.json().message).toBe(KJSEA_MESSAGES.invalidRows(4));
    expect(refused.json().rows).toHaveLength(4);
    expect((await expectStatus(get(who, a.id), 200)).json()).toBeNull();

    const good = bad.split('\n').slice(0, 3).join('\n');
    const done = await expectStatus(importFile(who, good), 201);
    expect(done.json()).toEqual({ imported: 2 });
    expect((await expectStatus(get(who, a.id), 200)).json()).toMatchObject({
      assessment_number: 'D2222222',
      junior_school: 'Kisumu JS',
      total_points: 63,
    });
    expect((await expectStatus(get(who, b.id), 200)).json()).toMatchObject({ total_points: 36 });
    const log = await expectStatus(
      call('GET', '/api/audit_log/?action=kjsea_imported', who.auth),
      200,
    );
    expect(log.json().entries).toHaveLength(1);
  });

  it("refuses a file without a learner column or an area's column, an Assessment Number of another learner, and another school's learners", async () => {
    const who = await newSchool();
    const { student: a } = await grade10Learner(who);
    const { student: b } = await grade10Learner(who);
    const adm = a.admission_number;
    await expectStatus(put(who, b.id, { assessment_number: 'E3333333', levels: allLevels() }), 200);

    const noLearner = await expectStatus(
      importFile(who, `Junior school,${AREA_HEADS}\nX,${levelsRow()}`, true),
      200,
    );
    expect(noLearner.json().file_errors).toEqual([KJSEA_MESSAGES.noLearnerColumn]);
    const noArea = await expectStatus(
      importFile(who, `admission_number,English\n${adm},EE1`, true),
      200,
    );
    expect(noArea.json().file_errors[0]).toMatch(/^The file has no Kiswahili, Mathematics/);

    const taken = await expectStatus(
      importFile(
        who,
        `admission_number,assessment_number,${AREA_HEADS}\n${adm},E3333333,${levelsRow()}`,
        true,
      ),
      200,
    );
    expect(taken.json().rows[0].errors).toEqual({
      assessment_number: ["Assessment Number E3333333 is already another student's in this school"],
    });
    const elsewhere = await expectStatus(
      importFile(other!, `admission_number,${AREA_HEADS}\n${adm},${levelsRow()}`),
      400,
    );
    expect(elsewhere.json().rows[0].errors).toEqual({
      admission_number: [KJSEA_MESSAGES.noSuchAdmission(adm)],
    });
    const form1 = (await create(who, '/api/classes/', { name: '1 East', level: 'Form 1' })).class;
    const junior = await admitFixture(t.app, who, form1.id);
    const notSenior = await expectStatus(
      importFile(
        who,
        `admission_number,${AREA_HEADS}\n${junior.admission_number},${levelsRow()}`,
        true,
      ),
      200,
    );
    expect(notSenior.json().rows[0].errors).toEqual({
      admission_number: [
        SENIOR_MESSAGES.notSeniorLearner(`${junior.first_name} ${junior.last_name}`),
      ],
    });
    expect((await expectStatus(get(who, a.id), 200)).json()).toBeNull();
    await expectStatus(
      importFile(null, `admission_number,${AREA_HEADS}\n${adm},${levelsRow()}`),
      401,
    );
    await expectStatus(
      t.app.inject({ method: 'POST', url: '/api/senior/kjsea/import/', headers: who.auth }),
      400,
    );
  });
});

describe('GET /api/senior/entry_list/', () => {
  it("lists the level in the documented columns with each learner's seven subjects, counting those without a choice", async () => {
    const who = await newSchool();
    const east = (await create(who, '/api/classes/', { name: '10 East', level: 'Grade 10' })).class;
    const { pathways, core } = (
      await expectStatus(call('GET', '/api/senior/pathways/', who.auth), 200)
    ).json();
    const stem = pathways[0];
    const electives = stem.tracks[0].subjects.slice(0, 3);
    const combination = await create(who, '/api/senior/combinations/', {
      pathway: stem.id,
      subjects: electives.map((s: { id: number }) => s.id),
    });
    const amina = await admitFixture(t.app, who, east.id, {
      first_name: 'Amina',
      last_name: 'Odhiambo',
      gender: 'female',
    });
    const brian = await admitFixture(t.app, who, east.id, {
      first_name: 'Brian',
      last_name: 'Kamau',
      gender: 'male',
    });
    await call('PATCH', `/api/students/${amina.id}/`, who.auth, {
      assessment_number: 'F4444444',
      birth_certificate_names: 'Odhiambo Amina Achieng',
    });
    await t.app.db.insert(seniorChoices).values({
      schoolId: who.schoolId,
      studentId: amina.id,
      pathwayId: stem.id,
      combinationId: combination.id,
      mathematics: 'core',
      language: 'KSL',
      fromDate: '2026-01-05',
      setBy: who.userId,
    });

    const res = await expectStatus(
      call('GET', '/api/senior/entry_list/?level=Grade%2010', who.auth),
      200,
    );
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="entry-list-grade-10.csv"',
    );
    expect(res.headers['x-missing-choices']).toBe('1');
    const [head, ...rows] = parseCsv(res.body).map((r) => r.cells);
    expect(head).toEqual([...ENTRY_LIST_COLUMNS]);
    const coreNames = (core as { name: string; option: string | null }[]).map((c) => c.name);
    expect(coreNames).toContain('Kenyan Sign Language');
    expect(rows[0]).toEqual([
      '',
      brian.admission_number,
      'Brian Kamau',
      'M',
      '10 East',
      '',
      ...Array(7).fill(''),
    ]);
    expect(rows[1]).toEqual([
      'F4444444',
      amina.admission_number,
      'Odhiambo Amina Achieng',
      'F',
      '10 East',
      combination.name,
      'English',
      'Kenyan Sign Language',
      'Core Mathematics',
      'Community Service Learning',
      ...electives.map((s: { name: string }) => s.name).sort(),
    ]);
  });

  it('is refused for a level not senior (400), unknown or of another school (404), to a teacher (403) and without a token (401)', async () => {
    const who = await newSchool();
    await create(who, '/api/classes/', { name: '8 East', level: 'Grade 8' });
    await create(who, '/api/classes/', { name: '10 West', level: 'Grade 10' });
    const notSenior = await expectStatus(
      call('GET', '/api/senior/entry_list/?level=Grade%208', who.auth),
      400,
    );
    expect(notSenior.json().errors.level).toBeDefined();
    await expectStatus(call('GET', '/api/senior/entry_list/?level=Grade%2011', who.auth), 404);
    await expectStatus(call('GET', '/api/senior/entry_list/', who.auth), 400);
    await expectStatus(call('GET', '/api/senior/entry_list/?level=Grade%2010', other!.auth), 404);
    const teacher = await teacherOf(t.app, who.schoolId);
    await expectStatus(call('GET', '/api/senior/entry_list/?level=Grade%2010', teacher.auth), 403);
    await expectStatus(call('GET', '/api/senior/entry_list/?level=Grade%2010', {}), 401);
    const empty = await expectStatus(
      call('GET', '/api/senior/entry_list/?level=Grade%2010', who.auth),
      200,
    );
    expect(empty.headers['x-missing-choices']).toBe('0');
    expect(parseCsv(empty.body)).toHaveLength(1);
  });
});

describe('the report form', () => {
  it('of a senior-school learner carries their KJSEA baseline; of a Form 4 student, none', async () => {
    const who = await newSchool();
    const f = await kcseForm4({ t, call, create }, who, ['ENG', 'MAT'] as const);
    const exam = (
      await create(who, '/api/grades/exams/', {
        name: 'Opener',
        start_date: '2026-01-12',
        end_date: '2026-01-16',
      })
    ).id as number;
    const amina = await f.admit('Amina', f.east);
    const baraka = await f.admit('Baraka', f.west);
    for (const id of [amina, baraka]) await f.saveMarks(id, exam, { ENG: 60, MAT: 70 });
    // The East stream becomes a Grade 10 one; West stays in Form 4, whose learners have no
    // KJSEA result to record.
    await t.app.db.update(classes).set({ level: 'Grade 10' }).where(eq(classes.id, f.east));
    await expectStatus(put(who, amina, { levels: allLevels('EE2') }), 200);
    await expectStatus(
      put(who, baraka, { levels: allLevels('EE2') }),
      400,
      SENIOR_MESSAGES.notSeniorLearner('Baraka Test'),
    );
    const cardOf = async (classId: number, student: number) =>
      (
        await expectStatus(
          call(
            'GET',
            `/api/exams/${exam}/report_cards/?class=${classId}&student=${student}&format=json`,
            who.auth,
          ),
          200,
        )
      ).json().report_cards[0];
    const senior = await cardOf(f.east, amina);
    expect(senior.student.level).toBe('Grade 10');
    expect(senior.kjsea).toMatchObject({ total_points: 63, out_of: 72 });
    expect(senior.kjsea.areas[0]).toEqual({
      learning_area: 'English',
      level: 'EE2',
      words: 'Exceeding Expectations',
      points: 7,
    });
    expect((await cardOf(f.west, baraka)).kjsea).toBeUndefined();
  });
});

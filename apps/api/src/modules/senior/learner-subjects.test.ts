import { learnerSubjectsResponse } from '@shule/shared/senior-choices';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw-rows';
import { kjseaResults, seniorSettings, students } from '../../db/schema/index';
import type { SignedInSchool } from '../../test/app';
import { countQueries, expectStatus, teacherOf, useTestApp } from '../../test/app';
import { multipartForm } from '../../test/multipart';
import { insertStudent } from '../../test/seed';

const { t, call, create, schools, newSchool } = useTestApp('Alliance High School');
const [other] = schools;

/** A school with Grade 10 East (three learners), Form 4 (one) and four combinations. */
async function seniorSchool(who?: SignedInSchool) {
  who ??= await newSchool();
  const east = (await create(who, '/api/classes/', { name: '10 East', level: 'Grade 10' })).class
    .id;
  const west = (await create(who, '/api/classes/', { name: '10 West', level: 'Grade 10' })).class
    .id;
  const form4 = (await create(who, '/api/classes/', { name: 'Form 4', level: 'Form 4' })).class.id;
  const { pathways, core } = (
    await expectStatus(call('GET', '/api/senior/pathways/', who.auth), 200)
  ).json();
  const pathway = (name: string) =>
    pathways.find((p: { name: string }) => p.name === name).id as number;
  const all = pathways.flatMap((p: { tracks: { subjects: { id: number; name: string }[] }[] }) =>
    p.tracks.flatMap((tr) => tr.subjects),
  );
  const subject = (name: string): number =>
    [...all, ...core].find((s: { name: string }) => s.name === name).id;
  const combination = async (p: string, names: string[], capacity?: number) =>
    (
      await create(who, '/api/senior/combinations/', {
        pathway: pathway(p),
        subjects: names.map(subject),
        ...(capacity ? { capacity } : {}),
      })
    ).id as number;
  const stem = pathway('STEM');
  const social = pathway('Social Sciences');
  const bcp = await combination('STEM', ['Biology', 'Chemistry', 'Physics']);
  const bpc = await combination('STEM', ['Biology', 'Physics', 'Computer Studies'], 2);
  const hgb = await combination('Social Sciences', [
    'History and Citizenship',
    'Geography',
    'Business Studies',
  ]);
  const learner = (first: string, classId = east) =>
    insertStudent(t.app, who.schoolId, classId, { first, last: 'Kamau' });
  return {
    who,
    east,
    west,
    form4,
    stem,
    social,
    bcp,
    bpc,
    hgb,
    subject,
    amina: await learner('Amina'),
    baraka: await learner('Baraka'),
    chebet: await learner('Chebet'),
    dan: await learner('Dan', form4),
    wanjiru: await learner('Wanjiru', west),
  };
}
type School = Awaited<ReturnType<typeof seniorSchool>>;

const stemChoice = (s: School, from = '2026-01-05') => ({
  pathway: s.stem,
  combination: s.bcp,
  mathematics: 'core',
  language: 'KIS',
  from,
});
const putLearner = (
  s: School,
  student: number,
  body: object,
  auth: Record<string, string> = s.who.auth,
) => call('PUT', `/api/students/${student}/subjects/`, auth, body);

const ownSubjects = async (student: number) =>
  (
    await queryRows<{ name: string }>(
      t.app.db,
      sql`select sub.name from student_subjects ss join subjects sub on sub.id = ss.subject_id
          where ss.student_id = ${student} order by sub.name`,
    )
  ).map((r) => r.name);

describe('PUT /api/students/{id}/subjects/', () => {
  it("sets a learner's choice: their subjects follow it, the history keeps each", async () => {
    const s = await seniorSchool();
    expect(
      (
        await expectStatus(call('GET', `/api/students/${s.amina}/subjects/`, s.who.auth), 200)
      ).json(),
    ).toEqual({ current: null, history: [] });
    const res = await expectStatus(putLearner(s, s.amina, stemChoice(s)), 200);
    const body = learnerSubjectsResponse.parse(res.json());
    expect(body.current).toMatchObject({
      pathway_name: 'STEM',
      combination_name: 'BIO/CHE/PHY',
      mathematics: 'core',
      language: 'KIS',
      from: '2026-01-05',
    });
    expect(body.current!.subjects.map((x) => x.name)).toEqual([
      'Community Service Learning',
      'Core Mathematics',
      'English',
      'Kiswahili',
      'Biology',
      'Chemistry',
      'Physics',
    ]);
    expect(await ownSubjects(s.amina)).toEqual([
      'Biology',
      'Chemistry',
      'Community Service Learning',
      'Core Mathematics',
      'English',
      'Kiswahili',
      'Physics',
    ]);
    // The class teaches them now, so mark entry has the column.
    const taught = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from subject_classes where class_id = ${s.east}
          and subject_id = ${s.subject('Chemistry')}`,
    );
    expect(taught[0]!.n).toBe(1);

    // A change later in the year: a new row, the old one stays in the history.
    const changed = await expectStatus(
      putLearner(s, s.amina, {
        ...stemChoice(s, '2026-05-04'),
        combination: s.bpc,
        language: 'KSL',
      }),
      200,
    );
    const after = learnerSubjectsResponse.parse(changed.json());
    expect(after.current!.combination_name).toBe('BIO/PHY/CMP');
    expect(after.history.map((h) => [h.combination_name, h.from, h.set_by_name])).toEqual([
      ['BIO/PHY/CMP', '2026-05-04', expect.any(String)],
      ['BIO/CHE/PHY', '2026-01-05', expect.any(String)],
    ]);
    expect(await ownSubjects(s.amina)).toEqual([
      'Biology',
      'Community Service Learning',
      'Computer Studies',
      'Core Mathematics',
      'English',
      'Kenyan Sign Language',
      'Physics',
    ]);
    // A choice dated before the current one goes into the history only.
    await expectStatus(putLearner(s, s.amina, stemChoice(s, '2026-02-01')), 200);
    const read = (
      await expectStatus(call('GET', `/api/students/${s.amina}/subjects/`, s.who.auth), 200)
    ).json();
    expect(read.current.combination_name).toBe('BIO/PHY/CMP');
    expect(read.history).toHaveLength(3);
    expect(await ownSubjects(s.amina)).toContain('Computer Studies');
    const [audit] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from audit_log where action = 'senior_subjects_set'
          and subject_type = 'student' and subject_id = ${s.amina}`,
    );
    expect(audit!.n).toBe(3);
  });

  it('keeps the marks of an earlier combination: Chemistry still shows after a change', async () => {
    const s = await seniorSchool();
    await expectStatus(putLearner(s, s.amina, stemChoice(s)), 200);
    const exam = (
      await create(s.who, '/api/grades/exams/', {
        name: 'Opener',
        start_date: '2026-01-12',
        end_date: '2026-01-16',
      })
    ).id;
    const chemistry = s.subject('Chemistry');
    const marksUrl = `/api/exams/${exam}/marks/?class=${s.east}&subject=${chemistry}`;
    await expectStatus(
      t.app.inject({
        method: 'PUT',
        url: marksUrl,
        headers: s.who.auth,
        payload: { marks: [{ student: s.amina, mark: 71 }] },
      }),
      200,
    );
    await expectStatus(
      putLearner(s, s.amina, { ...stemChoice(s, '2026-05-04'), combination: s.bpc }),
      200,
    );
    expect(await ownSubjects(s.amina)).not.toContain('Chemistry');
    const [score] = await queryRows<{ score: number }>(
      t.app.db,
      sql`select score::float as score from exam_scores where student_id = ${s.amina}
          and subject_id = ${chemistry}`,
    );
    expect(score!.score).toBe(71);
    // Mark entry lists a learner with a mark in the column though they no longer take it (the
    // others, with no choice yet, take the class's subjects).
    const column = (await expectStatus(call('GET', marksUrl, s.who.auth), 200)).json();
    expect(
      column.students.map((x: { first_name: string; mark: unknown }) => [x.first_name, x.mark]),
    ).toEqual([
      ['Amina', 71],
      ['Baraka', null],
      ['Chebet', null],
    ]);
    // Results read the marks sat: the Chemistry mark still counts in the learner's exam.
    const results = (
      await expectStatus(call('GET', `/api/students/${s.amina}/results/`, s.who.auth), 200)
    ).json();
    expect(results.exams[0]).toMatchObject({ subjects_marked: 1, mean_score: 71 });
  });

  it('refuses a learner outside Grades 10-12 and a combination of another pathway', async () => {
    const s = await seniorSchool();
    await expectStatus(
      putLearner(s, s.dan, stemChoice(s)),
      400,
      'Dan Kamau is not in Grades 10-12',
    );
    const res = await expectStatus(
      putLearner(s, s.amina, { ...stemChoice(s), combination: s.hgb }),
      400,
      "HIS/GEO/BST is a combination of Social Sciences, not of the learner's pathway",
    );
    expect(res.json().errors.combination).toHaveLength(1);
    expect(await ownSubjects(s.amina)).toEqual([]);
  });

  it('refuses Essential Mathematics for a STEM learner', async () => {
    const s = await seniorSchool();
    const res = await expectStatus(
      putLearner(s, s.amina, { ...stemChoice(s), mathematics: 'essential' }),
      400,
      'A STEM learner takes Core Mathematics',
    );
    expect(res.json().errors.mathematics).toEqual(['A STEM learner takes Core Mathematics']);
  });

  it('refuses Core Mathematics outside STEM unless the settings allow it and KJSEA reached it', async () => {
    const s = await seniorSchool();
    const social = {
      pathway: s.social,
      combination: s.hgb,
      mathematics: 'core',
      language: 'KIS',
      from: '2026-01-05',
    };
    await expectStatus(
      putLearner(s, s.baraka, social),
      400,
      'Core Mathematics outside STEM is for learners the school allows on their junior-school results: turn it on in senior-school settings',
    );
    await t.app.db
      .insert(seniorSettings)
      .values({ schoolId: s.who.schoolId, coreMathematicsFrom: 'ME1', updatedBy: s.who.userId });
    await expectStatus(
      putLearner(s, s.baraka, social),
      400,
      'Core Mathematics outside STEM needs KJSEA Mathematics at ME1 or above; this learner has no KJSEA result',
    );
    await t.app.db.insert(kjseaResults).values({
      studentId: s.baraka,
      schoolId: s.who.schoolId,
      levels: { Mathematics: 'AE1' },
      recordedBy: s.who.userId,
    });
    await expectStatus(
      putLearner(s, s.baraka, social),
      400,
      'Core Mathematics outside STEM needs KJSEA Mathematics at ME1 or above; this learner has AE1',
    );
    await t.app.db
      .update(kjseaResults)
      .set({ levels: { Mathematics: 'EE2' } })
      .where(eq(kjseaResults.studentId, s.baraka));
    await expectStatus(putLearner(s, s.baraka, social), 200);
    await expectStatus(putLearner(s, s.chebet, { ...social, mathematics: 'essential' }), 200);
  });

  it('refuses a combination at its capacity, counting its current learners', async () => {
    const s = await seniorSchool();
    const bpc = { ...stemChoice(s), combination: s.bpc };
    await expectStatus(putLearner(s, s.amina, bpc), 200);
    await expectStatus(putLearner(s, s.baraka, bpc), 200);
    await expectStatus(
      putLearner(s, s.chebet, bpc),
      400,
      'BIO/PHY/CMP is full: it takes 2 learners',
    );
    // A learner already in it may change the date; one who leaves it frees a place.
    await expectStatus(putLearner(s, s.amina, { ...bpc, from: '2026-02-01' }), 200);
    await expectStatus(putLearner(s, s.baraka, stemChoice(s, '2026-03-01')), 200);
    await expectStatus(putLearner(s, s.chebet, bpc), 200);
    // The capacity is a level's: Grade 11 has its own places in it.
    const grade11 = (await create(s.who, '/api/classes/', { name: '11 East', level: 'Grade 11' }))
      .class.id as number;
    const zuri = await insertStudent(t.app, s.who.schoolId, grade11, { first: 'Zuri' });
    await expectStatus(putLearner(s, zuri, bpc), 200);
  });

  it('validates the body, a fourth elective is not a field to send', async () => {
    const s = await seniorSchool();
    const res = await expectStatus(
      putLearner(s, s.amina, { ...stemChoice(s), mathematics: 'both', from: 'soon' }),
      400,
    );
    expect(Object.keys(res.json().errors).sort()).toEqual(['from', 'mathematics']);
    // The electives come from the combination: a list sent beside it changes nothing.
    const fourth = await expectStatus(
      putLearner(s, s.amina, { ...stemChoice(s), subjects: [s.subject('Geography')] }),
      200,
    );
    expect(fourth.json().current.electives).toHaveLength(3);
    expect(await ownSubjects(s.amina)).not.toContain('Geography');
  });

  it("is the school's own: 404 for another school's learner, pathway or combination; 401; 403", async () => {
    const s = await seniorSchool();
    const o = await seniorSchool(await newSchool());
    await expectStatus(putLearner(s, o.amina, stemChoice(s)), 404, 'Student not found');
    await expectStatus(
      putLearner(s, s.amina, { ...stemChoice(s), pathway: o.stem }),
      404,
      'Pathway not found',
    );
    await expectStatus(
      putLearner(s, s.amina, { ...stemChoice(s), combination: o.bcp }),
      404,
      'Combination not found',
    );
    await expectStatus(call('GET', `/api/students/${s.amina}/subjects/`, other!.auth), 404);
    await expectStatus(putLearner(s, s.amina, stemChoice(s), {}), 401);
    await expectStatus(call('GET', `/api/students/${s.amina}/subjects/`, {}), 401);
    const teacher = await teacherOf(t.app, s.who.schoolId);
    await expectStatus(putLearner(s, s.amina, stemChoice(s), teacher.auth), 403);
    // A teacher reads the learners of the classes they teach only.
    await expectStatus(call('GET', `/api/students/${s.amina}/subjects/`, teacher.auth), 403);
    await expectStatus(call('GET', `/api/classes/${s.east}/subjects/`, teacher.auth), 403);
    const english = s.subject('English');
    const eastTeacher = await teacherOf(t.app, s.who.schoolId, [
      { classId: s.east, subjectId: english },
    ]);
    await expectStatus(call('GET', `/api/students/${s.amina}/subjects/`, eastTeacher.auth), 200);
    await expectStatus(call('GET', `/api/classes/${s.east}/subjects/`, eastTeacher.auth), 200);
  });
});

describe('the students list and export', () => {
  it("show a senior learner's current combination, in the same one query", async () => {
    const s = await seniorSchool();
    await expectStatus(putLearner(s, s.amina, stemChoice(s)), 200);
    const url = `/api/students/get_students/${s.east}/${s.who.schoolId}/`;
    let list: { students: { first_name: string; combination: string | null }[] } | undefined;
    const queries = await countQueries(t.app, async () => {
      list = (await expectStatus(call('GET', url, s.who.auth), 200)).json();
    });
    expect(queries).toBe(1);
    expect(list!.students.map((x) => [x.first_name, x.combination])).toEqual([
      ['Amina', 'BIO/CHE/PHY'],
      ['Baraka', null],
      ['Chebet', null],
    ]);
    const file = await expectStatus(
      call('GET', `/api/students/export/?class=${s.east}`, s.who.auth),
      200,
    );
    const [header, amina] = file.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header!.split(',').at(-1)).toBe('combination');
    expect(amina!.split(',').at(-1)).toBe('BIO/CHE/PHY');
  });
});

describe('PUT /api/classes/{id}/subjects/', () => {
  const putClass = (
    s: School,
    classId: number,
    list: object[],
    auth: Record<string, string> = s.who.auth,
  ) => call('PUT', `/api/classes/${classId}/subjects/`, auth, { students: list });

  it("sets a stream's learners in one go and answers them with their choices", async () => {
    const s = await seniorSchool();
    const res = await expectStatus(
      putClass(s, s.east, [
        { student: s.amina, ...stemChoice(s) },
        { student: s.baraka, ...stemChoice(s), combination: s.bpc },
      ]),
      200,
    );
    expect(
      res
        .json()
        .students.map((x: { name: string; choice: { combination_name: string } | null }) => [
          x.name,
          x.choice?.combination_name ?? null,
        ]),
    ).toEqual([
      ['Amina Kamau', 'BIO/CHE/PHY'],
      ['Baraka Kamau', 'BIO/PHY/CMP'],
      ['Chebet Kamau', null],
    ]);
    expect(await ownSubjects(s.baraka)).toContain('Computer Studies');
    const read = (
      await expectStatus(call('GET', `/api/classes/${s.east}/subjects/`, s.who.auth), 200)
    ).json();
    expect(read.senior).toBe(true);
    expect(read.students).toEqual(res.json().students);
  });

  it('saves nothing when one learner breaks a rule, naming the learner and the rule', async () => {
    const s = await seniorSchool();
    const res = await expectStatus(
      putClass(s, s.east, [
        { student: s.amina, ...stemChoice(s) },
        { student: s.baraka, ...stemChoice(s), mathematics: 'essential' },
      ]),
      400,
      'Baraka Kamau: A STEM learner takes Core Mathematics',
    );
    expect(res.json().errors).toEqual({
      'students.1.mathematics': ['A STEM learner takes Core Mathematics'],
    });
    expect(await ownSubjects(s.amina)).toEqual([]);
    // The list's own learners count against a capacity.
    await expectStatus(
      putClass(
        s,
        s.east,
        [s.amina, s.baraka, s.chebet].map((student) => ({
          student,
          ...stemChoice(s),
          combination: s.bpc,
        })),
      ),
      400,
      'Chebet Kamau: BIO/PHY/CMP is full: it takes 2 learners',
    );
    await expectStatus(
      putClass(s, s.east, [{ student: s.wanjiru, ...stemChoice(s) }]),
      400,
      'Wanjiru Kamau is not in 10 East',
    );
    await expectStatus(
      putClass(s, s.east, [
        { student: s.amina, ...stemChoice(s) },
        { student: s.amina, ...stemChoice(s) },
      ]),
      400,
      'Amina Kamau is listed twice',
    );
    await expectStatus(
      putClass(s, s.form4, [{ student: s.dan, ...stemChoice(s) }]),
      400,
      'Dan Kamau is not in Grades 10-12',
    );
    await expectStatus(putClass(s, s.east, []), 400, 'List at least one learner');
  });

  it("is the school's own, and needs an admin", async () => {
    const s = await seniorSchool();
    await expectStatus(
      putClass(s, s.east, [{ student: s.amina, ...stemChoice(s) }], other!.auth),
      404,
    );
    await expectStatus(call('GET', `/api/classes/${s.east}/subjects/`, other!.auth), 404);
    await expectStatus(putClass(s, s.east, [{ student: s.amina, ...stemChoice(s) }], {}), 401);
    const teacher = await teacherOf(t.app, s.who.schoolId);
    await expectStatus(
      putClass(s, s.east, [{ student: s.amina, ...stemChoice(s) }], teacher.auth),
      403,
    );
  });

  it('saves 45 learners in a number of queries that does not grow with them', async () => {
    const s = await seniorSchool();
    const few = [s.amina, s.baraka].map((student) => ({ student, ...stemChoice(s) }));
    const fewQueries = await countQueries(t.app, () => expectStatus(putClass(s, s.east, few), 200));
    const more: object[] = [...few];
    for (let i = 0; i < 43; i++) {
      more.push({ student: await insertStudent(t.app, s.who.schoolId, s.east), ...stemChoice(s) });
    }
    const started = performance.now();
    const manyQueries = await countQueries(t.app, () =>
      expectStatus(putClass(s, s.east, more), 200),
    );
    const took = performance.now() - started;
    expect(manyQueries).toBe(fewQueries);
    expect(manyQueries).toBeLessThanOrEqual(20);
    expect(took).toBeLessThan(2000);
  });
});

describe('POST /api/senior/choices/import/', () => {
  const upload = (
    s: School,
    csv: string,
    preview: boolean,
    auth: Record<string, string> = s.who.auth,
  ) => {
    const { payload, headers } = multipartForm([
      { name: 'file', filename: 'choices.csv', value: csv },
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/senior/choices/import/${preview ? '?preview=true' : ''}`,
      headers: { ...auth, ...headers },
      payload,
    });
  };
  const admissionOf = async (id: number) =>
    (
      await t.app.db
        .select({ n: students.admissionNumber })
        .from(students)
        .where(eq(students.id, id))
    )[0]!.n;

  it('previews each row with its problems, then imports every row or none', async () => {
    const s = await seniorSchool();
    const [amina, baraka, dan] = await Promise.all([s.amina, s.baraka, s.dan].map(admissionOf));
    const bad = [
      'Admission number,Pathway,Combination,Mathematics,Language,From',
      `${amina},STEM,BIO/CHE/PHY,Core,KIS,2026-01-05`,
      `${baraka},stem,bio/phy/cmp,Essential,Kiswahili,05/01/2026`,
      `${dan},STEM,BIO/CHE/PHY,Core,KIS,2026-01-05`,
      'NOPE,Arts,ZZZ,Both,English,soon',
    ].join('\n');
    const preview = (await expectStatus(upload(s, bad, true), 200)).json();
    expect(preview).toMatchObject({ valid: 1, invalid: 3, file_errors: [] });
    expect(preview.rows[1].errors).toEqual({
      mathematics: ['A STEM learner takes Core Mathematics'],
    });
    expect(preview.rows[2].errors).toEqual({
      admission_number: ['Dan Kamau is not in Grades 10-12'],
    });
    expect(preview.rows[3].errors).toEqual({
      mathematics: ['Mathematics must be Core or Essential'],
      language: ['Language must be KIS (Kiswahili) or KSL (Kenyan Sign Language)'],
      from: ['From must be a date (yyyy-mm-dd or dd/mm/yyyy)'],
    });
    const refused = await expectStatus(
      upload(s, bad, false),
      400,
      '3 rows have problems: nothing was imported. Fix them or skip them.',
    );
    expect(refused.json().rows).toHaveLength(3);
    expect(await ownSubjects(s.amina)).toEqual([]);

    const good = [
      'admission_number,pathway,combination,mathematics,language,from',
      `${amina},STEM,BIO/CHE/PHY,Core,KIS,2026-01-05`,
      `${baraka},stem,bio/phy/cmp,core,KSL,05/01/2026`,
    ].join('\n');
    expect((await expectStatus(upload(s, good, true), 200)).json()).toMatchObject({
      valid: 2,
      invalid: 0,
    });
    expect((await expectStatus(upload(s, good, false), 201)).json()).toEqual({ imported: 2 });
    expect(await ownSubjects(s.baraka)).toContain('Kenyan Sign Language');
  });

  it('names unknown learners, pathways and combinations, and a missing column', async () => {
    const s = await seniorSchool();
    const preview = (
      await expectStatus(
        upload(
          s,
          'admission_number,pathway,combination,mathematics,language,from\nX1,Arts,ZZZ,Core,KIS,2026-01-05',
          true,
        ),
        200,
      )
    ).json();
    expect(preview.rows[0].errors).toEqual({
      admission_number: ['No learner of this school has admission number X1'],
      pathway: ["Pathway 'Arts' does not exist"],
      combination: ["Combination 'ZZZ' does not exist: add it first"],
    });
    const missing = (
      await expectStatus(upload(s, 'admission_number,pathway\nX1,STEM', true), 200)
    ).json();
    expect(missing.file_errors).toEqual([
      'The file has no Combination, Mathematics, Language, From columns: add them to the first row',
    ]);
    await expectStatus(upload(s, 'a', true, {}), 401);
    const teacher = await teacherOf(t.app, s.who.schoolId);
    await expectStatus(upload(s, 'a', true, teacher.auth), 403);
  });
});

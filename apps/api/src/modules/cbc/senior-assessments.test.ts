import { parseCsv } from '@shule/shared/csv';
import { describe, expect, it } from 'vitest';
import type { SignedInSchool } from '../../test/app';
import { expectStatus, teacherOf, useTestApp } from '../../test/app';
import { insertStudent } from '../../test/seed';

const { t, call, create, schools, newSchool } = useTestApp('Alliance High School');
const [other] = schools;

interface Named {
  id: number;
  name: string;
}

const levelId = async (who: SignedInSchool, name: string) =>
  (await expectStatus(call('GET', '/api/levels/', who.auth), 200))
    .json()
    .levels.find((l: Named) => l.name === name).id as number;

const learningAreas = async (who: SignedInSchool, level: number): Promise<Named[]> =>
  (await expectStatus(call('GET', `/api/cbc/learning_areas/?level=${level}`, who.auth), 200)).json()
    .learning_areas;

/**
 * Grade 10 East: Amina takes Biology, Chemistry and Physics, Baraka History, Geography and
 * Business Studies (each with the core subjects), Chebet has no subjects of her own yet.
 */
async function grade10(who?: SignedInSchool) {
  who ??= await newSchool();
  const east = (await create(who, '/api/classes/', { name: '10 East', level: 'Grade 10' })).class;
  const { pathways, core } = (
    await expectStatus(call('GET', '/api/senior/pathways/', who.auth), 200)
  ).json();
  const pathway = (name: string) => pathways.find((p: Named) => p.name === name).id as number;
  const electives = pathways.flatMap((p: { tracks: { subjects: Named[] }[] }) =>
    p.tracks.flatMap((tr) => tr.subjects),
  );
  const subject = (name: string): number =>
    [...electives, ...core].find((s: Named) => s.name === name).id;
  const combination = async (p: string, names: string[]) =>
    (
      await create(who, '/api/senior/combinations/', {
        pathway: pathway(p),
        subjects: names.map(subject),
      })
    ).id as number;
  const bcp = await combination('STEM', ['Biology', 'Chemistry', 'Physics']);
  const hgb = await combination('Social Sciences', [
    'History and Citizenship',
    'Geography',
    'Business Studies',
  ]);
  const learner = (first: string) =>
    insertStudent(t.app, who.schoolId, east.id, { first, last: 'Kamau' });
  const amina = await learner('Amina');
  const baraka = await learner('Baraka');
  const chebet = await learner('Chebet');
  const choose = (student: number, p: string, combinationId: number) =>
    expectStatus(
      call('PUT', `/api/students/${student}/subjects/`, who.auth, {
        pathway: pathway(p),
        combination: combinationId,
        mathematics: p === 'STEM' ? 'core' : 'essential',
        language: 'KIS',
        from: '2026-01-05',
      }),
      200,
    );
  await choose(amina, 'STEM', bcp);
  await choose(baraka, 'Social Sciences', hgb);
  const level = await levelId(who, 'Grade 10');
  const areas = await learningAreas(who, level);
  const area = (name: string) => areas.find((a) => a.name === name)!;
  return { who, east, level, areas, area, subject, amina, baraka, chebet };
}

const assess = (who: SignedInSchool, classId: number, areaId: number, body: object = {}) =>
  create(who, '/api/cbc/assessments/', {
    class: classId,
    learning_area: areaId,
    kind: 'observation',
    date: '2026-07-10',
    ...body,
  });

const saveLevels = (who: SignedInSchool, id: number, entries: object[]) =>
  call('PUT', `/api/cbc/assessments/${id}/levels/`, who.auth, { entries });

describe("a senior-school level's learning areas", () => {
  it('are its senior subjects, core and electives, made with the level', async () => {
    const s = await grade10();
    const names = s.areas.map((a) => a.name);
    for (const name of ['English', 'Kiswahili', 'Core Mathematics', 'Chemistry', 'Geography']) {
      expect(names).toContain(name);
    }
    // Core subjects come first, as the report lists them.
    expect(names.indexOf('English')).toBeLessThan(names.indexOf('Biology'));
    const { pathways, core } = (
      await expectStatus(call('GET', '/api/senior/pathways/', s.who.auth), 200)
    ).json();
    const seniorCount =
      core.length +
      pathways.flatMap((p: { tracks: { subjects: Named[] }[] }) =>
        p.tracks.flatMap((tr) => tr.subjects),
      ).length;
    expect(s.areas).toHaveLength(seniorCount);
    // Asking for the defaults again adds nothing twice.
    const again = await expectStatus(
      call('POST', `/api/cbc/levels/${s.level}/default_learning_areas/`, s.who.auth),
      200,
    );
    expect(again.json().learning_areas).toHaveLength(seniorCount);
  });

  it('follow the senior subjects added later, and their renames', async () => {
    const s = await grade10();
    const { pathways } = (
      await expectStatus(call('GET', '/api/senior/pathways/', s.who.auth), 200)
    ).json();
    const track = pathways[0].tracks[0].id;
    await create(s.who, '/api/senior/subjects/', {
      name: 'Astronomy',
      code: 'AST',
      kind: 'elective',
      track,
    });
    const astronomy = (await learningAreas(s.who, s.level)).find((a) => a.name === 'Astronomy');
    expect(astronomy).toBeDefined();
    await expectStatus(
      call('PATCH', `/api/grades/subjects/${s.subject('Chemistry')}/`, s.who.auth, {
        name: 'Chemistry (Pure)',
      }),
      200,
    );
    const renamed = (await learningAreas(s.who, s.level)).find(
      (a) => a.id === s.area('Chemistry').id,
    );
    expect(renamed?.name).toBe('Chemistry (Pure)');
  });

  it("are another school's 404, and need a token", async () => {
    const s = await grade10();
    await expectStatus(
      call('POST', `/api/cbc/levels/${s.level}/default_learning_areas/`, other!.auth),
      404,
    );
    await expectStatus(call('POST', `/api/cbc/levels/${s.level}/default_learning_areas/`, {}), 401);
  });
});

describe('a CBC assessment of a senior-school subject', () => {
  it('lists only the learners who take it (and those without subjects of their own)', async () => {
    const s = await grade10();
    const chemistry = await assess(s.who, s.east.id, s.area('Chemistry').id);
    const sheet = (
      await expectStatus(call('GET', `/api/cbc/assessments/${chemistry.id}/`, s.who.auth), 200)
    ).json();
    expect(sheet.learners.map((l: Named) => l.name)).toEqual(['Amina Kamau', 'Chebet Kamau']);
    const english = await assess(s.who, s.east.id, s.area('English').id);
    const all = (
      await expectStatus(call('GET', `/api/cbc/assessments/${english.id}/`, s.who.auth), 200)
    ).json();
    expect(all.learners).toHaveLength(3);
  });

  it('refuses a level for a learner who does not take the subject, naming them', async () => {
    const s = await grade10();
    const chemistry = await assess(s.who, s.east.id, s.area('Chemistry').id);
    const res = await expectStatus(
      saveLevels(s.who, chemistry.id, [
        { student: s.amina, strand: null, level: 'ME' },
        { student: s.baraka, strand: null, level: 'ME' },
      ]),
      400,
      'Entry 2 (Baraka Kamau): This learner does not take Chemistry',
    );
    expect(res.json().errors['entries.1.student']).toEqual([
      'This learner does not take Chemistry',
    ]);
    const sheet = (
      await expectStatus(call('GET', `/api/cbc/assessments/${chemistry.id}/`, s.who.auth), 200)
    ).json();
    expect(sheet.entries).toEqual([]);
    await expectStatus(
      saveLevels(s.who, chemistry.id, [{ student: s.amina, strand: null, level: 'ME' }]),
      200,
    );
  });

  it('is made and entered by the teacher of the subject in the class, and no other', async () => {
    const s = await grade10();
    const chemist = await teacherOf(t.app, s.who.schoolId, [
      { classId: s.east.id, subjectId: s.subject('Chemistry') },
    ]);
    const biologist = await teacherOf(t.app, s.who.schoolId, [
      { classId: s.east.id, subjectId: s.subject('Biology') },
    ]);
    const body = {
      class: s.east.id,
      learning_area: s.area('Chemistry').id,
      kind: 'observation',
      date: '2026-07-10',
    };
    const made = await expectStatus(call('POST', '/api/cbc/assessments/', chemist.auth, body), 201);
    await expectStatus(
      call('PUT', `/api/cbc/assessments/${made.json().id}/levels/`, chemist.auth, {
        entries: [{ student: s.amina, strand: null, level: 'EE' }],
      }),
      200,
    );
    await expectStatus(call('POST', '/api/cbc/assessments/', biologist.auth, body), 403);
    // The subject's teacher finds its learning area on their dashboard, beside the subject.
    const dashboard = await expectStatus(call('GET', '/api/dashboard/teacher/', chemist.auth), 200);
    expect(dashboard.json().learning_areas).toEqual([
      {
        class: { id: s.east.id, name: s.east.name },
        learning_area: { id: s.area('Chemistry').id, name: 'Chemistry' },
      },
    ]);
  });

  it("is another school's 404, and needs a token", async () => {
    const s = await grade10();
    const chemistry = await assess(s.who, s.east.id, s.area('Chemistry').id);
    await expectStatus(call('GET', `/api/cbc/assessments/${chemistry.id}/`, other!.auth), 404);
    await expectStatus(
      call('PUT', `/api/cbc/assessments/${chemistry.id}/levels/`, other!.auth, {
        entries: [{ student: s.amina, strand: null, level: 'ME' }],
      }),
      404,
    );
    await expectStatus(call('GET', `/api/cbc/assessments/${chemistry.id}/`, {}), 401);
  });

  it("counts only the subject's takers in the class summary", async () => {
    const s = await grade10();
    const year = await create(s.who, '/api/fees/academic_years/', {
      name: '2026',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
    });
    const term = await create(s.who, '/api/fees/terms/', {
      name: 'Term 2',
      start_date: '2026-04-27',
      end_date: '2026-07-31',
      academic_year: year.id,
    });
    const chemistry = await assess(s.who, s.east.id, s.area('Chemistry').id);
    await expectStatus(
      saveLevels(s.who, chemistry.id, [{ student: s.amina, strand: null, level: 'BE' }]),
      200,
    );
    const summary = (
      await expectStatus(
        call('GET', `/api/cbc/classes/${s.east.id}/summary/?term=${term.id}`, s.who.auth),
        200,
      )
    ).json();
    const of = (name: string) => summary.learning_areas.find((a: Named) => a.name === name);
    expect(of('Chemistry').not_assessed).toBe(1);
    expect(of('Chemistry').below_expectations.map((l: Named) => l.name)).toEqual(['Amina Kamau']);
    expect(of('Geography').not_assessed).toBe(2);
    expect(of('English').not_assessed).toBe(3);
  });
});

describe("KNEC's SBA export of Grade 10", () => {
  it("carries each learner's scores in the subjects they take only", async () => {
    const s = await grade10();
    const sba = async (area: string, entries: object[]) => {
      const made = await assess(s.who, s.east.id, s.area(area).id, { kind: 'sba_project' });
      await expectStatus(saveLevels(s.who, made.id, entries), 200);
    };
    await sba('Chemistry', [
      { student: s.amina, strand: null, level: 'EE' },
      { student: s.chebet, strand: null, level: 'ME' },
    ]);
    await sba('Geography', [{ student: s.baraka, strand: null, level: 'AE' }]);
    const res = await expectStatus(
      call('GET', `/api/cbc/sba/export/?grade=${s.level}&year=2026`, s.who.auth),
      200,
    );
    const [headers, ...rows] = parseCsv(res.body).map((r) => r.cells);
    const column = (name: string) => headers!.indexOf(name);
    const row = (name: string) => rows.find((r) => r.includes(`${name} Kamau`))!;
    expect(column('Chemistry')).toBeGreaterThan(-1);
    expect(row('Amina')[column('Chemistry')]).toBe('EE');
    expect(row('Amina')[column('Geography')]).toBe('');
    expect(row('Baraka')[column('Geography')]).toBe('AE');
    expect(row('Baraka')[column('Chemistry')]).toBe('');
    expect(row('Chebet')[column('Chemistry')]).toBe('ME');

    const check = (
      await expectStatus(call('GET', `/api/cbc/sba/?grade=${s.level}&year=2026`, s.who.auth), 200)
    ).json();
    const gaps = check.classes[0].gaps as { learning_area: Named; no_score: Named[] }[];
    const noScore = (area: string) =>
      gaps.find((g) => g.learning_area.name === area)?.no_score.map((l) => l.name) ?? [];
    // Baraka does not take Chemistry: not missing. Chebet takes everything: missing Geography.
    expect(noScore('Chemistry')).toEqual([]);
    expect(noScore('Geography')).toEqual(['Chebet Kamau']);
    const amina = check.learners.find((l: Named) => l.name === 'Amina Kamau');
    const geography = check.learning_areas.findIndex((a: Named) => a.name === 'Geography');
    expect(amina.takes[geography]).toBe(false);
    expect(amina.scores[geography]).toBeNull();
  });

  it("is another school's 404, and needs a token", async () => {
    const s = await grade10();
    await expectStatus(
      call('GET', `/api/cbc/sba/export/?grade=${s.level}&year=2026`, other!.auth),
      404,
    );
    await expectStatus(call('GET', `/api/cbc/sba/export/?grade=${s.level}&year=2026`, {}), 401);
  });
});

import { SENIOR_MESSAGES } from '@shule/shared/senior';
import { GROUP_MESSAGES, type GroupDetail, type GroupSummary } from '@shule/shared/senior-groups';
import { describe, expect, it } from 'vitest';
import type { SignedInSchool } from '../../test/app';
import { expectStatus, teacherOf, useTestApp } from '../../test/app';
import { chooseCombination, insertLearners } from './group-fixtures';

const { t, call, create, schools, newSchool } = useTestApp('Moi Forces Academy');
const [other] = schools;

type Pathways = {
  pathways: { id: number; name: string; tracks: { subjects: { id: number; name: string }[] }[] }[];
};

/** A school with Grade 10 streams, its STEM pathway's id and its electives by name. */
async function seniorSchool(streams = ['10 East', '10 West']) {
  const who = await newSchool();
  const classIds: number[] = [];
  for (const name of streams) {
    classIds.push((await create(who, '/api/classes/', { name, level: 'Grade 10' })).class.id);
  }
  const { pathways } = (
    await expectStatus(call('GET', '/api/senior/pathways/', who.auth), 200)
  ).json() as Pathways;
  const stem = pathways.find((p) => p.name === 'STEM')!;
  const subject = new Map(stem.tracks.flatMap((tr) => tr.subjects).map((s) => [s.name, s.id]));
  const combination = async (...names: string[]) =>
    (
      await create(who, '/api/senior/combinations/', {
        pathway: stem.id,
        subjects: names.map((n) => subject.get(n)!),
      })
    ).id as number;
  return { who, classIds, stem, subject, combination };
}

const generate = (who: SignedInSchool, level = 'Grade 10') =>
  call('POST', `/api/senior/groups/generate/?level=${encodeURIComponent(level)}`, who.auth);
const groupsOf = async (who: SignedInSchool, level = 'Grade 10') =>
  (
    await expectStatus(
      call('GET', `/api/senior/groups/?level=${encodeURIComponent(level)}`, who.auth),
      200,
    )
  ).json().groups as GroupSummary[];
const patch = (who: { auth: Record<string, string> }, id: number, body: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/senior/groups/${id}/`,
    headers: who.auth,
    payload: body,
  });
const sizes = (groups: GroupSummary[], subject: string) =>
  groups.filter((g) => g.subject.name === subject).map((g) => [g.name, g.size]);

describe('POST /api/senior/groups/generate/', () => {
  it('makes one group per elective, split in even groups of at most 45', async () => {
    const s = await seniorSchool(['10 East', '10 West', '10 North']);
    const bcp = await s.combination('Biology', 'Chemistry', 'Physics');
    const bca = await s.combination('Biology', 'Chemistry', 'Agriculture');
    await chooseCombination(t.app, s.who.schoolId, bcp, [
      ...(await insertLearners(t.app, s.who.schoolId, s.classIds[0]!, 40)),
      ...(await insertLearners(t.app, s.who.schoolId, s.classIds[1]!, 40)),
    ]);
    await chooseCombination(
      t.app,
      s.who.schoolId,
      bca,
      await insertLearners(t.app, s.who.schoolId, s.classIds[2]!, 20),
    );
    const groups = (await expectStatus(generate(s.who), 200)).json().groups as GroupSummary[];
    expect(sizes(groups, 'Chemistry')).toEqual([
      ['Grade 10 Chemistry 1', 34],
      ['Grade 10 Chemistry 2', 33],
      ['Grade 10 Chemistry 3', 33],
    ]);
    expect(sizes(groups, 'Physics')).toEqual([
      ['Grade 10 Physics 1', 40],
      ['Grade 10 Physics 2', 40],
    ]);
    expect(sizes(groups, 'Agriculture')).toEqual([['Grade 10 Agriculture', 20]]);
    expect(groups.every((g) => g.level === 'Grade 10' && g.teacher === null)).toBe(true);
    // Generating again changes nothing.
    const again = (await expectStatus(generate(s.who), 200)).json().groups;
    expect(again).toEqual(groups);
  });

  it('keeps groups and teachers when regenerating: leavers go, new takers fill the room', async () => {
    const s = await seniorSchool();
    const bcp = await s.combination('Biology', 'Chemistry', 'Physics');
    const bpa = await s.combination('Biology', 'Physics', 'Agriculture');
    const east = await insertLearners(t.app, s.who.schoolId, s.classIds[0]!, 30);
    await chooseCombination(t.app, s.who.schoolId, bcp, east);
    const [chemistry] = (await expectStatus(generate(s.who), 200))
      .json()
      .groups.filter((g: GroupSummary) => g.subject.name === 'Chemistry');
    expect(chemistry.name).toBe('Grade 10 Chemistry');
    const teacher = await teacherOf(t.app, s.who.schoolId);
    await expectStatus(
      patch(s.who, chemistry.id, { teacher: teacher.teacherId, name: 'Chemistry A' }),
      200,
    );

    // Five drop Chemistry; 25 new learners take it, more than the group has room for.
    await chooseCombination(t.app, s.who.schoolId, bpa, east.slice(0, 5), '2026-02-01');
    await chooseCombination(
      t.app,
      s.who.schoolId,
      bcp,
      await insertLearners(t.app, s.who.schoolId, s.classIds[1]!, 25),
    );
    const groups = (await expectStatus(generate(s.who), 200)).json().groups as GroupSummary[];
    const chem = groups.filter((g) => g.subject.name === 'Chemistry');
    expect(chem.map((g) => [g.name, g.size, g.teacher?.id ?? null])).toEqual([
      ['Chemistry A', 25, teacher.teacherId],
      ['Grade 10 Chemistry 1', 25, null],
    ]);
    const kept = (
      await expectStatus(call('GET', `/api/senior/groups/${chemistry.id}/`, s.who.auth), 200)
    ).json() as GroupDetail;
    expect(kept.members.map((m) => m.id)).not.toContain(east[0]);
    expect(kept.members.map((m) => m.id)).toContain(east[5]);
    expect(sizes(groups, 'Agriculture')).toEqual([['Grade 10 Agriculture', 5]]);
  });

  it('numbers a lone generated group when the subject needs a second', async () => {
    const s = await seniorSchool();
    const bcp = await s.combination('Biology', 'Chemistry', 'Physics');
    await chooseCombination(
      t.app,
      s.who.schoolId,
      bcp,
      await insertLearners(t.app, s.who.schoolId, s.classIds[0]!, 40),
    );
    await expectStatus(generate(s.who), 200);
    await chooseCombination(
      t.app,
      s.who.schoolId,
      bcp,
      await insertLearners(t.app, s.who.schoolId, s.classIds[1]!, 20),
    );
    const groups = (await expectStatus(generate(s.who), 200)).json().groups as GroupSummary[];
    expect(sizes(groups, 'Chemistry')).toEqual([
      ['Grade 10 Chemistry 1', 40],
      ['Grade 10 Chemistry 2', 20],
    ]);
  });

  it('refuses a level that is not senior school, and calls without a token or as a teacher', async () => {
    const s = await seniorSchool();
    await expectStatus(generate(s.who, 'Form 2'), 400, SENIOR_MESSAGES.notSeniorLevel('Form 2'));
    await expectStatus(call('POST', '/api/senior/groups/generate/', s.who.auth), 400);
    await expectStatus(call('POST', '/api/senior/groups/generate/?level=Grade%2010', {}), 401);
    const teacher = await teacherOf(t.app, s.who.schoolId);
    await expectStatus(
      call('POST', '/api/senior/groups/generate/?level=Grade%2010', teacher.auth),
      403,
    );
  });

  it('groups 12 streams of 45 over 20 combinations within a second', async () => {
    const streams = Array.from({ length: 12 }, (_, i) => `10 ${String.fromCharCode(65 + i)}`);
    const s = await seniorSchool(streams);
    const names = [
      'Biology',
      'Chemistry',
      'Physics',
      'Agriculture',
      'Computer Studies',
      'Home Science',
    ];
    const combinations: number[] = [];
    outer: for (let a = 0; a < names.length; a++) {
      for (let b = a + 1; b < names.length; b++) {
        for (let c = b + 1; c < names.length; c++) {
          combinations.push(await s.combination(names[a]!, names[b]!, names[c]!));
          if (combinations.length === 20) break outer;
        }
      }
    }
    let n = 0;
    for (const classId of s.classIds) {
      const learners = await insertLearners(t.app, s.who.schoolId, classId, 45);
      for (let i = 0; i < 45; i += 9) {
        await chooseCombination(
          t.app,
          s.who.schoolId,
          combinations[n++ % 20]!,
          learners.slice(i, i + 9),
        );
      }
    }
    const started = performance.now();
    const groups = (await expectStatus(generate(s.who), 200)).json().groups as GroupSummary[];
    expect(performance.now() - started).toBeLessThan(1000);
    expect(groups.reduce((sum, g) => sum + g.size, 0)).toBe(12 * 45 * 3);
    expect(Math.max(...groups.map((g) => g.size))).toBeLessThanOrEqual(45);
  });
});

describe('GET and PATCH /api/senior/groups/{id}/', () => {
  async function twoGroups() {
    const s = await seniorSchool();
    const bcp = await s.combination('Biology', 'Chemistry', 'Physics');
    const bpa = await s.combination('Biology', 'Physics', 'Agriculture');
    const east = await insertLearners(t.app, s.who.schoolId, s.classIds[0]!, 30, 'East');
    const west = await insertLearners(t.app, s.who.schoolId, s.classIds[1]!, 30, 'West');
    await chooseCombination(t.app, s.who.schoolId, bcp, [...east, ...west]);
    const nonTaker = (await insertLearners(t.app, s.who.schoolId, s.classIds[1]!, 1, 'Baraka'))[0]!;
    await chooseCombination(t.app, s.who.schoolId, bpa, [nonTaker]);
    const groups = (await expectStatus(generate(s.who), 200)).json().groups as GroupSummary[];
    const [one, two] = groups.filter((g) => g.subject.name === 'Chemistry');
    return { ...s, east, west, nonTaker, one: one!, two: two! };
  }

  it('lists members across streams with their class and admission number', async () => {
    const g = await twoGroups();
    const detail = (
      await expectStatus(call('GET', `/api/senior/groups/${g.one.id}/`, g.who.auth), 200)
    ).json() as GroupDetail;
    expect(detail.members).toHaveLength(30);
    expect(detail.members[0]).toMatchObject({
      first_name: 'East',
      class: { id: g.classIds[0], name: '10 East' },
    });
    expect(detail.members[0]!.admission_number).toMatch(/^G/);
  });

  it('adds and removes members, moving an added learner out of the other group', async () => {
    const g = await twoGroups();
    const moved = g.west.at(-1)!;
    const res = await expectStatus(
      patch(g.who, g.one.id, { add: [moved], remove: [g.east[0]] }),
      200,
    );
    const ids = (res.json() as GroupDetail).members.map((m) => m.id);
    expect(ids).toContain(moved);
    expect(ids).not.toContain(g.east[0]);
    const two = (
      await expectStatus(call('GET', `/api/senior/groups/${g.two.id}/`, g.who.auth), 200)
    ).json() as GroupDetail;
    expect(two.members.map((m) => m.id)).not.toContain(moved);
  });

  it('refuses members who do not take the subject or are not of the level, naming them', async () => {
    const g = await twoGroups();
    await expectStatus(
      patch(g.who, g.one.id, { add: [g.nonTaker] }),
      400,
      GROUP_MESSAGES.notTaking(['Baraka 001'], 'Chemistry', 'Grade 10'),
    );
    const elevenEast = (
      await create(g.who, '/api/classes/', { name: '11 East', level: 'Grade 11' })
    ).class.id;
    const [older] = await insertLearners(t.app, g.who.schoolId, elevenEast, 1, 'Older');
    const bcp = (await expectStatus(call('GET', '/api/senior/combinations/', g.who.auth), 200))
      .json()
      .combinations.find((c: { name: string }) => c.name === 'BIO/CHE/PHY').id;
    await chooseCombination(t.app, g.who.schoolId, bcp, [older!]);
    await expectStatus(
      patch(g.who, g.one.id, { add: [older] }),
      400,
      GROUP_MESSAGES.notTaking(['Older 001'], 'Chemistry', 'Grade 10'),
    );
    const res = await expectStatus(patch(g.who, g.one.id, { add: ['x'] }), 400);
    expect(JSON.stringify(res.json().errors)).toContain('add');
    await expectStatus(patch(g.who, g.one.id, { name: '' }), 400, 'Name is required');
  });

  it('renames (409 on a name taken), sets and clears the teacher', async () => {
    const g = await twoGroups();
    await expectStatus(
      patch(g.who, g.one.id, { name: g.two.name }),
      409,
      GROUP_MESSAGES.nameTaken(g.two.name),
    );
    const teacher = await teacherOf(t.app, g.who.schoolId);
    const set = await expectStatus(patch(g.who, g.one.id, { teacher: teacher.teacherId }), 200);
    expect(set.json().teacher).toEqual({ id: teacher.teacherId, name: 'Test Teacher' });
    const mine = await expectStatus(call('GET', '/api/senior/groups/', teacher.auth), 200);
    expect(
      mine
        .json()
        .groups.map((x: GroupSummary) => [x.id, x.mine])
        .filter(([, m]: [number, boolean]) => m),
    ).toEqual([[g.one.id, true]]);
    const cleared = await expectStatus(patch(g.who, g.one.id, { teacher: null }), 200);
    expect(cleared.json().teacher).toBeNull();
    await expectStatus(patch(g.who, g.one.id, { teacher: 999999 }), 404, 'Teacher not found');
  });

  it('deletes; refuses another school (404), no token (401) and a teacher writing (403)', async () => {
    const g = await twoGroups();
    await expectStatus(call('GET', `/api/senior/groups/${g.one.id}/`, other!.auth), 404);
    await expectStatus(patch(other!, g.one.id, { name: 'Mine' }), 404);
    await expectStatus(call('DELETE', `/api/senior/groups/${g.one.id}/`, other!.auth), 404);
    await expectStatus(call('GET', `/api/senior/groups/${g.one.id}/`, {}), 401);
    await expectStatus(call('GET', '/api/senior/groups/', {}), 401);
    expect(await groupsOf(other!)).toEqual([]);
    const teacher = await teacherOf(t.app, g.who.schoolId);
    await expectStatus(patch(teacher, g.one.id, { name: 'Mine' }), 403);
    await expectStatus(call('DELETE', `/api/senior/groups/${g.one.id}/`, g.who.auth), 204);
    await expectStatus(call('GET', `/api/senior/groups/${g.one.id}/`, g.who.auth), 404);
  });
});

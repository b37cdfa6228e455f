import { type MarkEntry, markEntryResponse } from '@shule/shared/mark-entry';
import { GROUP_MESSAGES, type GroupSummary } from '@shule/shared/senior-groups';
import { describe, expect, it } from 'vitest';
import { countQueries, expectStatus, teacherOf, useTestApp } from '../../test/app';
import { chooseCombination, insertLearners } from './group-fixtures';

const { t, call, create, schools, newSchool } = useTestApp('Moi Forces Academy');
const [other] = schools;

type Pathways = {
  pathways: { id: number; name: string; tracks: { subjects: { id: number; name: string }[] }[] }[];
};

/**
 * Two Grade 10 streams (40 and 30) taking Biology, Chemistry and Physics, in two Chemistry groups
 * across the streams; a teacher of each group, and an exam.
 */
async function groupColumn() {
  const who = await newSchool();
  const east = (await create(who, '/api/classes/', { name: '10 East', level: 'Grade 10' })).class
    .id;
  const west = (await create(who, '/api/classes/', { name: '10 West', level: 'Grade 10' })).class
    .id;
  const { pathways } = (
    await expectStatus(call('GET', '/api/senior/pathways/', who.auth), 200)
  ).json() as Pathways;
  const stem = pathways.find((p) => p.name === 'STEM')!;
  const subject = new Map(stem.tracks.flatMap((tr) => tr.subjects).map((s) => [s.name, s.id]));
  const bcp = (
    await create(who, '/api/senior/combinations/', {
      pathway: stem.id,
      subjects: ['Biology', 'Chemistry', 'Physics'].map((n) => subject.get(n)!),
    })
  ).id;
  await chooseCombination(t.app, who.schoolId, bcp, [
    ...(await insertLearners(t.app, who.schoolId, east, 40, 'East')),
    ...(await insertLearners(t.app, who.schoolId, west, 30, 'West')),
  ]);
  const groups = (
    await expectStatus(call('POST', '/api/senior/groups/generate/?level=Grade%2010', who.auth), 200)
  ).json().groups as GroupSummary[];
  const [one, two] = groups.filter((g) => g.subject.name === 'Chemistry');
  const first = await teacherOf(t.app, who.schoolId);
  const second = await teacherOf(t.app, who.schoolId);
  await expectStatus(
    call('PATCH', `/api/senior/groups/${one!.id}/`, who.auth, { teacher: first.teacherId }),
    200,
  );
  await expectStatus(
    call('PATCH', `/api/senior/groups/${two!.id}/`, who.auth, { teacher: second.teacherId }),
    200,
  );
  const exam = (
    await create(who, '/api/grades/exams/', {
      name: 'Opener',
      start_date: '2026-01-12',
      end_date: '2026-01-16',
    })
  ).id as number;
  return { who, east, west, one: one!, two: two!, first, second, exam, subject };
}
type G = Awaited<ReturnType<typeof groupColumn>>;

const url = (g: G, group = g.one.id, subject = g.subject.get('Chemistry')!) =>
  `/api/exams/${g.exam}/marks/?group=${group}&subject=${subject}`;
const put = (auth: Record<string, string>, u: string, marks: object[]) =>
  t.app.inject({ method: 'PUT', url: u, headers: auth, payload: { marks } });

describe('the teacher dashboard', () => {
  it("shows a group's teacher their group and its marks owed in an open exam", async () => {
    const g = await groupColumn();
    const today = new Date().toISOString().slice(0, 10);
    const open = (
      await create(g.who, '/api/grades/exams/', {
        name: 'This week',
        start_date: today,
        end_date: today,
        levels: ['Grade 10'],
      })
    ).id as number;
    const body = (
      await expectStatus(call('GET', '/api/dashboard/teacher/', g.first.auth), 200)
    ).json();
    expect(body.groups).toEqual([
      {
        group: { id: g.one.id, name: g.one.name },
        level: 'Grade 10',
        subject: { id: g.subject.get('Chemistry'), name: 'Chemistry', code: expect.any(String) },
        size: 35,
      },
    ]);
    const exam = body.open_exams.find((o: { exam: { id: number } }) => o.exam.id === open);
    expect(exam.items).toEqual([]);
    expect(exam.groups).toEqual([
      expect.objectContaining({ group: { id: g.one.id, name: g.one.name }, owed: 35, entered: 0 }),
    ]);
  });
});

describe('mark entry by teaching group', () => {
  it("lists the group's members across streams for its teacher, who enters their marks", async () => {
    const g = await groupColumn();
    const res = await expectStatus(call('GET', url(g, g.two.id), g.second.auth), 200);
    const body = markEntryResponse.parse(res.json()) as MarkEntry;
    expect(body.class).toBeNull();
    expect(body.group).toEqual({ id: g.two.id, name: g.two.name, level: 'Grade 10' });
    expect(body.students).toHaveLength(35);
    const streams = new Set(body.students.map((s) => s.class_name));
    expect([...streams].sort()).toEqual(['10 East', '10 West']);

    const [a, b] = body.students;
    const saved = await expectStatus(
      put(g.second.auth, url(g, g.two.id), [
        { student: a!.id, mark: 71 },
        { student: b!.id, mark: 'X' },
      ]),
      200,
    );
    expect(saved.json().marks.map((m: { mark: unknown }) => m.mark)).toEqual([71, 'X']);
    const again = (
      await expectStatus(call('GET', url(g, g.two.id), g.who.auth), 200)
    ).json() as MarkEntry;
    expect(again.students.find((s) => s.id === a!.id)?.mark).toBe(71);
  });

  it('reads in two queries, whatever the group size', async () => {
    const g = await groupColumn();
    expect(await countQueries(t.app, () => call('GET', url(g), g.who.auth))).toBeLessThanOrEqual(3);
    expect(await countQueries(t.app, () => call('GET', url(g), g.first.auth))).toBe(2);
  });

  it("refuses a teacher another group's marks (403), and a member of no group", async () => {
    const g = await groupColumn();
    await expectStatus(
      call('GET', url(g, g.two.id), g.first.auth),
      403,
      GROUP_MESSAGES.notYourGroup(g.two.name),
    );
    const two = (await expectStatus(call('GET', url(g, g.two.id), g.second.auth), 200)).json();
    await expectStatus(
      put(g.first.auth, url(g, g.two.id), [{ student: two.students[0].id, mark: 50 }]),
      403,
    );
    // A member of group 2 sent in group 1's column.
    const res = await expectStatus(
      put(g.who.auth, url(g), [{ student: two.students[0].id, mark: 50 }]),
      400,
    );
    expect(res.json().errors).toHaveProperty(['marks.0.student']);
    // A teacher with no group at all.
    const none = await teacherOf(t.app, g.who.schoolId);
    await expectStatus(call('GET', url(g), none.auth), 403);
  });

  it('refuses a subject the group is not taught, both class and group, another school, no token', async () => {
    const g = await groupColumn();
    await expectStatus(
      call('GET', url(g, g.one.id, g.subject.get('Physics')!), g.who.auth),
      400,
      GROUP_MESSAGES.groupSubject(g.one.name, 'Physics'),
    );
    const both = await expectStatus(call('GET', `${url(g)}&class=${g.east}`, g.who.auth), 400);
    expect(both.json().errors).toHaveProperty('group');
    await expectStatus(call('GET', url(g), other!.auth), 404, 'Exam not found');
    await expectStatus(call('GET', url(g), {}), 401);
    const otherExam = (
      await create(other!, '/api/grades/exams/', {
        name: 'Theirs',
        start_date: '2026-01-12',
        end_date: '2026-01-16',
      })
    ).id;
    await expectStatus(
      call(
        'GET',
        `/api/exams/${otherExam}/marks/?group=${g.one.id}&subject=${g.subject.get('Chemistry')}`,
        other!.auth,
      ),
      404,
      'Teaching group not found',
    );
  });
});

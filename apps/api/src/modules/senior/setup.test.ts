import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, seniorChoices } from '../../db/schema/index';
import type { SignedInSchool } from '../../test/app';
import { expectStatus, useTestApp } from '../../test/app';
import { signedInTeacher } from '../../test/fixtures';
import { insertClass, insertStudent } from '../../test/seed';

const { t, call, create, schools, newSchool } = useTestApp('Alliance High School');
const [other] = schools;

type Subject = { id: number; name: string; code: string };
type Track = { id: number; name: string; subjects: Subject[] };
type PathwayRow = { id: number; name: string; core_mathematics: boolean; tracks: Track[] };
type Pathways = { pathways: PathwayRow[]; core: (Subject & { option: string | null })[] };

const pathwaysOf = async (who: SignedInSchool): Promise<Pathways> =>
  (await expectStatus(call('GET', '/api/senior/pathways/', who.auth), 200)).json();

/** A school with the Ministry's pathways (made with its Grade 10 class). */
async function seniorSchool() {
  const who = await newSchool();
  await create(who, '/api/classes/', { name: '10 East', level: 'Grade 10' });
  const lists = await pathwaysOf(who);
  const pathway = (name: string) => lists.pathways.find((p) => p.name === name)!;
  const track = (name: string) =>
    lists.pathways.flatMap((p) => p.tracks).find((tr) => tr.name === name)!;
  const subject = (name: string) =>
    [...lists.pathways.flatMap((p) => p.tracks.flatMap((tr) => tr.subjects)), ...lists.core].find(
      (s) => s.name === name,
    )!.id;
  return { who, pathway, track, subject };
}

describe('pathways', () => {
  it('are renamed and have their Core Mathematics flag set by an admin', async () => {
    const { who, pathway } = await seniorSchool();
    const arts = pathway('Arts and Sports Science');
    const res = await expectStatus(
      call('PATCH', `/api/senior/pathways/${arts.id}/`, who.auth, {
        name: 'Arts and Sports',
        core_mathematics: true,
      }),
      200,
    );
    expect(res.json().pathways.find((p: PathwayRow) => p.id === arts.id)).toMatchObject({
      name: 'Arts and Sports',
      core_mathematics: true,
    });
    await expectStatus(
      call('PATCH', `/api/senior/pathways/${arts.id}/`, who.auth, { name: 'STEM' }),
      409,
      'A pathway named STEM already exists',
    );
    await expectStatus(
      call('PATCH', `/api/senior/pathways/${arts.id}/`, who.auth, { name: ' ' }),
      400,
      'Name is required',
    );
    await expectStatus(
      call('PATCH', `/api/senior/pathways/${arts.id}/`, who.auth, {}),
      400,
      'Nothing to change',
    );
    await expectStatus(
      call('PATCH', `/api/senior/pathways/${arts.id}/`, who.auth, { core_mathematics: 'yes' }),
      400,
      'Core Mathematics must be true or false',
    );
    await expectStatus(
      call('PATCH', `/api/senior/pathways/${arts.id}/`, other!.auth, { name: 'Ours' }),
      404,
      'Pathway not found',
    );
    await expectStatus(call('PATCH', `/api/senior/pathways/${arts.id}/`, {}, { name: 'X' }), 401);
  });
});

describe('tracks', () => {
  it('are added to a pathway, renamed, and deleted with their electives', async () => {
    const { who, pathway, track } = await seniorSchool();
    const stem = pathway('STEM');
    const added = await create(who, '/api/senior/tracks/', { pathway: stem.id, name: 'Robotics' });
    const tracks = added.pathways.find((p: PathwayRow) => p.id === stem.id).tracks as Track[];
    expect(tracks.map((tr) => tr.name)).toEqual([
      'Pure Sciences',
      'Applied Sciences',
      'Technical Studies',
      'Robotics',
    ]);
    const robotics = tracks.at(-1)!;
    await expectStatus(
      call('POST', '/api/senior/tracks/', who.auth, { pathway: stem.id, name: 'Robotics' }),
      409,
      'A track named Robotics already exists in this pathway',
    );
    await expectStatus(
      call('POST', '/api/senior/tracks/', who.auth, { name: 'Robotics' }),
      400,
      'Choose a pathway',
    );
    await expectStatus(
      call('PATCH', `/api/senior/tracks/${robotics.id}/`, who.auth, { name: 'Pure Sciences' }),
      409,
      'A track named Pure Sciences already exists in this pathway',
    );
    const renamed = await expectStatus(
      call('PATCH', `/api/senior/tracks/${robotics.id}/`, who.auth, { name: 'Mechatronics' }),
      200,
    );
    expect(renamed.json().pathways[0].tracks.map((tr: Track) => tr.name)).toContain('Mechatronics');
    // Deleting Technical Studies takes its electives out of senior school; the subjects stay.
    const technical = track('Technical Studies');
    const gone = await expectStatus(
      call('DELETE', `/api/senior/tracks/${technical.id}/`, who.auth),
      200,
    );
    const left = gone.json() as Pathways;
    expect(left.pathways[0]!.tracks.map((tr) => tr.name)).not.toContain('Technical Studies');
    const subjects = await expectStatus(call('GET', '/api/grades/subjects/', who.auth), 200);
    expect(JSON.stringify(subjects.json())).toContain('Power Mechanics');
  });

  it('are refused deletion while a combination holds one of their subjects', async () => {
    const { who, pathway, track, subject } = await seniorSchool();
    await create(who, '/api/senior/combinations/', {
      pathway: pathway('STEM').id,
      subjects: [subject('Biology'), subject('Chemistry'), subject('Physics')],
    });
    await create(who, '/api/senior/combinations/', {
      pathway: pathway('STEM').id,
      subjects: [subject('Biology'), subject('Chemistry'), subject('Geography')],
      name: 'BCG',
    });
    await expectStatus(
      call('DELETE', `/api/senior/tracks/${track('Pure Sciences').id}/`, who.auth),
      409,
      'Pure Sciences cannot be deleted: combinations BCG and BIO/CHE/PHY use its subjects',
    );
  });

  it('are the school’s own and an admin’s to change', async () => {
    const { who, pathway, track } = await seniorSchool();
    const pure = track('Pure Sciences');
    await expectStatus(
      call('POST', '/api/senior/tracks/', other!.auth, { pathway: pathway('STEM').id, name: 'X' }),
      404,
      'Pathway not found',
    );
    await expectStatus(
      call('PATCH', `/api/senior/tracks/${pure.id}/`, other!.auth, { name: 'X' }),
      404,
      'Track not found',
    );
    await expectStatus(call('DELETE', `/api/senior/tracks/${pure.id}/`, other!.auth), 404);
    await expectStatus(call('DELETE', `/api/senior/tracks/${pure.id}/`, {}), 401);
    await expectStatus(call('POST', '/api/senior/tracks/', {}, { pathway: 1, name: 'X' }), 401);
    const teacher = await signedInTeacher(t.app, who);
    await expectStatus(
      call('PATCH', `/api/senior/tracks/${pure.id}/`, teacher.auth, { name: 'X' }),
      403,
    );
  });
});

describe('senior-school subjects', () => {
  it('are added as an elective or a core subject, existing or new, and removed', async () => {
    const { who, track } = await seniorSchool();
    const pure = track('Pure Sciences');
    const made = await create(who, '/api/senior/subjects/', {
      name: 'Astronomy',
      code: 'ast',
      kind: 'elective',
      track: pure.id,
    });
    const astronomy = made.pathways[0].tracks[0].subjects.find(
      (s: Subject) => s.name === 'Astronomy',
    );
    expect(astronomy.code).toBe('AST');
    const existing = await create(who, '/api/grades/subjects/', {
      name: 'Life Skills',
      code: 'LSK',
    });
    const core = await create(who, '/api/senior/subjects/', { subject: existing.id, kind: 'core' });
    expect(core.core).toContainEqual({
      id: existing.id,
      name: 'Life Skills',
      code: 'LSK',
      option: null,
    });
    const option = await create(who, '/api/senior/subjects/', {
      name: 'Braille Mathematics',
      code: 'BMA',
      kind: 'core',
      core_option: 'mathematics:core',
    });
    expect(option.core).toContainEqual(
      expect.objectContaining({ name: 'Braille Mathematics', option: 'mathematics:core' }),
    );
    await expectStatus(
      call('POST', '/api/senior/subjects/', who.auth, { subject: existing.id, kind: 'core' }),
      409,
      'Life Skills is already a senior-school subject',
    );
    await expectStatus(
      call('POST', '/api/senior/subjects/', who.auth, { name: 'Bio 2', code: 'BIO', kind: 'core' }),
      400,
      'Code BIO is taken by Biology',
    );
    const removed = await expectStatus(
      call('DELETE', `/api/senior/subjects/${astronomy.id}/`, who.auth),
      200,
    );
    expect(JSON.stringify(removed.json())).not.toContain('Astronomy');
    await expectStatus(
      call('DELETE', `/api/senior/subjects/${astronomy.id}/`, who.auth),
      404,
      'Senior-school subject not found',
    );
  });

  it('are refused when the body does not say what to add, or where', async () => {
    const { who, track } = await seniorSchool();
    const pure = track('Pure Sciences');
    const refused = (body: object, message: string) =>
      expectStatus(call('POST', '/api/senior/subjects/', who.auth, body), 400, message);
    await refused({ kind: 'core' }, 'Choose a subject or give a new one a name and code');
    await refused({ name: 'X', code: 'X', kind: 'elective' }, 'Choose the track of the elective');
    await refused(
      { name: 'X', code: 'X', kind: 'core', track: pure.id },
      'A core subject belongs to no track',
    );
    await refused(
      { name: 'X', code: 'X', kind: 'elective', track: pure.id, core_option: 'language:KIS' },
      'Only a core subject is taken by some learners only',
    );
    await refused({ name: 'X', code: 'X', kind: 'extra' }, 'Choose core or elective');
    await refused(
      { name: 'X', code: 'X', kind: 'core', core_option: 'mathematics:some' },
      'Choose who takes the core subject',
    );
  });

  it('are refused removal while a combination holds them; another school’s are not found', async () => {
    const { who, pathway, track, subject } = await seniorSchool();
    await create(who, '/api/senior/combinations/', {
      pathway: pathway('STEM').id,
      subjects: [subject('Biology'), subject('Chemistry'), subject('Physics')],
    });
    await expectStatus(
      call('DELETE', `/api/senior/subjects/${subject('Chemistry')}/`, who.auth),
      409,
      'Chemistry cannot be removed: combination BIO/CHE/PHY uses it',
    );
    await expectStatus(
      call('DELETE', `/api/senior/subjects/${subject('Chemistry')}/`, other!.auth),
      404,
    );
    await expectStatus(
      call('POST', '/api/senior/subjects/', other!.auth, {
        name: 'X',
        code: 'X',
        kind: 'elective',
        track: track('Pure Sciences').id,
      }),
      404,
      'Track not found',
    );
    await expectStatus(
      call('POST', '/api/senior/subjects/', other!.auth, {
        subject: subject('Chemistry'),
        kind: 'core',
      }),
      404,
      'Subject not found',
    );
    await expectStatus(call('DELETE', `/api/senior/subjects/${subject('Chemistry')}/`, {}), 401);
  });
});

describe('a combination', () => {
  it('is renamed and given a capacity, and deleted until a learner holds it', async () => {
    const { who, pathway, subject } = await seniorSchool();
    const bcp = await create(who, '/api/senior/combinations/', {
      pathway: pathway('STEM').id,
      subjects: [subject('Biology'), subject('Chemistry'), subject('Physics')],
    });
    const spare = await create(who, '/api/senior/combinations/', {
      pathway: pathway('STEM').id,
      subjects: [subject('Biology'), subject('Chemistry'), subject('Agriculture')],
    });
    const changed = await expectStatus(
      call('PATCH', `/api/senior/combinations/${bcp.id}/`, who.auth, {
        name: 'Pure Sciences',
        capacity: 45,
      }),
      200,
    );
    expect(changed.json()).toMatchObject({ name: 'Pure Sciences', capacity: 45, learners: 0 });
    await expectStatus(
      call('PATCH', `/api/senior/combinations/${bcp.id}/`, who.auth, { capacity: null }),
      200,
    );
    await expectStatus(
      call('PATCH', `/api/senior/combinations/${bcp.id}/`, who.auth, { capacity: 0 }),
      400,
      'Capacity must be at least 1',
    );
    await expectStatus(
      call('PATCH', `/api/senior/combinations/${spare.id}/`, who.auth, { name: 'Pure Sciences' }),
      409,
      'A combination named Pure Sciences already exists',
    );
    const student = await insertStudent(
      t.app,
      who.schoolId,
      await insertClass(t.app, who.schoolId, '10 West'),
    );
    await t.app.db.insert(seniorChoices).values({
      schoolId: who.schoolId,
      studentId: student,
      pathwayId: pathway('STEM').id,
      combinationId: bcp.id,
      mathematics: 'core',
      language: 'KIS',
      fromDate: '2026-01-05',
      setBy: who.userId,
    });
    await expectStatus(
      call('DELETE', `/api/senior/combinations/${bcp.id}/`, who.auth),
      409,
      'Pure Sciences cannot be deleted: 1 learner has held it',
    );
    await expectStatus(call('DELETE', `/api/senior/combinations/${spare.id}/`, who.auth), 204);
    const list = await expectStatus(call('GET', '/api/senior/combinations/', who.auth), 200);
    expect(list.json().combinations.map((c: { name: string }) => c.name)).toEqual([
      'Pure Sciences',
    ]);
  });

  it('is the school’s own', async () => {
    const { who, pathway, subject } = await seniorSchool();
    const made = await create(who, '/api/senior/combinations/', {
      pathway: pathway('STEM').id,
      subjects: [subject('Biology'), subject('Chemistry'), subject('Physics')],
    });
    await expectStatus(
      call('PATCH', `/api/senior/combinations/${made.id}/`, other!.auth, { capacity: 3 }),
      404,
      'Combination not found',
    );
    await expectStatus(call('DELETE', `/api/senior/combinations/${made.id}/`, other!.auth), 404);
    await expectStatus(call('DELETE', `/api/senior/combinations/${made.id}/`, {}), 401);
    await expectStatus(call('PATCH', `/api/senior/combinations/${made.id}/`, {}, {}), 401);
  });
});

describe('senior-school settings', () => {
  it('read as the defaults, saved by an admin, and recorded in the audit log when changed', async () => {
    const who = await newSchool();
    const read = await expectStatus(call('GET', '/api/senior/settings/', who.auth), 200);
    expect(read.json()).toEqual({ core_mathematics_from: null, internal_ranking: false });
    const body = { core_mathematics_from: 'ME1', internal_ranking: true };
    const saved = await expectStatus(call('PUT', '/api/senior/settings/', who.auth, body), 200);
    expect(saved.json()).toEqual(body);
    await expectStatus(call('PUT', '/api/senior/settings/', who.auth, body), 200);
    expect(
      (await expectStatus(call('GET', '/api/senior/settings/', who.auth), 200)).json(),
    ).toEqual(body);
    const entries = await t.app.db
      .select({ actor: auditLog.actorUserId })
      .from(auditLog)
      .where(
        and(eq(auditLog.schoolId, who.schoolId), eq(auditLog.action, 'senior_settings_changed')),
      );
    expect(entries).toEqual([{ actor: who.userId }]);
    expect(
      (await expectStatus(call('GET', '/api/senior/settings/', other!.auth), 200)).json(),
    ).toEqual({ core_mathematics_from: null, internal_ranking: false });
  });

  it('are refused with the field’s message, without a token, and to a teacher', async () => {
    const who = await newSchool();
    await expectStatus(
      call('PUT', '/api/senior/settings/', who.auth, {
        core_mathematics_from: 'A',
        internal_ranking: false,
      }),
      400,
      'Choose a level from EE1 to BE2',
    );
    await expectStatus(
      call('PUT', '/api/senior/settings/', who.auth, { core_mathematics_from: null }),
      400,
    );
    await expectStatus(call('GET', '/api/senior/settings/', {}), 401);
    await expectStatus(
      call(
        'PUT',
        '/api/senior/settings/',
        {},
        { core_mathematics_from: null, internal_ranking: true },
      ),
      401,
    );
    const teacher = await signedInTeacher(t.app, who);
    await expectStatus(
      call('PUT', '/api/senior/settings/', teacher.auth, {
        core_mathematics_from: null,
        internal_ranking: true,
      }),
      403,
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { SignedInSchool } from '../../test/app';
import { expectStatus, useTestApp } from '../../test/app';

const { call, create, schools, newSchool } = useTestApp('Moi Forces Academy');
const [other] = schools;

const pathwaysOf = async (who: SignedInSchool) =>
  (await expectStatus(call('GET', '/api/senior/pathways/', who.auth), 200)).json();

/** The school's subject id of each of these names. */
async function subjectIds<N extends string[]>(who: SignedInSchool, ...names: N) {
  const { pathways } = await pathwaysOf(who);
  const all = pathways.flatMap((p: { tracks: { subjects: { id: number; name: string }[] }[] }) =>
    p.tracks.flatMap((t) => t.subjects),
  );
  return names.map((name) => all.find((s: { name: string }) => s.name === name)!.id) as {
    [K in keyof N]: number;
  };
}

const pathwayId = async (who: SignedInSchool, name: string) =>
  (await pathwaysOf(who)).pathways.find((p: { name: string }) => p.name === name).id as number;

describe('senior-school pathways', () => {
  it('are filled in when a Grade 10 class is made, reusing subjects the school has', async () => {
    const who = await newSchool();
    const biology = await create(who, '/api/grades/subjects/', { name: 'Biology', code: '231' });
    expect((await pathwaysOf(who)).pathways).toEqual([]);
    await create(who, '/api/classes/', { name: '10 East', level: 'Grade 10' });
    const { pathways, core } = await pathwaysOf(who);
    expect(pathways.map((p: { name: string }) => p.name)).toEqual([
      'STEM',
      'Social Sciences',
      'Arts and Sports Science',
    ]);
    expect(pathways[0].core_mathematics).toBe(true);
    expect(pathways[0].tracks.map((t: { name: string }) => t.name)).toEqual([
      'Pure Sciences',
      'Applied Sciences',
      'Technical Studies',
    ]);
    expect(pathways[0].tracks[0].subjects).toContainEqual({
      id: biology.id,
      name: 'Biology',
      code: '231',
    });
    expect(core.map((c: { name: string; option: string | null }) => [c.name, c.option])).toEqual([
      ['Community Service Learning', null],
      ['English', null],
      ['Core Mathematics', 'mathematics:core'],
      ['Essential Mathematics', 'mathematics:essential'],
      ['Kenyan Sign Language', 'language:KSL'],
      ['Kiswahili', 'language:KIS'],
    ]);
    // A second senior level adds nothing twice.
    await create(who, '/api/classes/', { name: '11 East', level: 'Grade 11' });
    expect((await pathwaysOf(who)).pathways).toHaveLength(3);
  });

  it('come back on request for a school that has none, and are refused to a teacherless call', async () => {
    const who = await newSchool();
    await expectStatus(call('POST', '/api/senior/pathways/defaults/', {}), 401);
    const filled = await expectStatus(
      call('POST', '/api/senior/pathways/defaults/', who.auth),
      200,
    );
    expect(filled.json().pathways).toHaveLength(3);
    expect((await pathwaysOf(other!)).pathways).toEqual([]);
  });
});

describe('combinations', () => {
  it('are a pathway and three electives, named from their codes, with a capacity', async () => {
    const who = await newSchool();
    await create(who, '/api/classes/', { name: '10 East', level: 'Grade 10' });
    const stem = await pathwayId(who, 'STEM');
    const subjects = await subjectIds(who, 'Biology', 'Chemistry', 'Physics');
    const made = await create(who, '/api/senior/combinations/', {
      pathway: stem,
      subjects,
      capacity: 90,
    });
    expect(made).toMatchObject({
      name: 'BIO/CHE/PHY',
      pathway: stem,
      pathway_name: 'STEM',
      capacity: 90,
      learners: 0,
    });
    expect(made.subjects.map((s: { name: string }) => s.name)).toEqual([
      'Biology',
      'Chemistry',
      'Physics',
    ]);
    // One elective from another pathway is allowed.
    const [bio, chem, geo] = await subjectIds(who, 'Biology', 'Chemistry', 'Geography');
    const mixed = await create(who, '/api/senior/combinations/', {
      pathway: stem,
      subjects: [bio, chem, geo],
      name: 'Bio Chem Geo',
    });
    expect(mixed.name).toBe('Bio Chem Geo');
    const list = await expectStatus(call('GET', '/api/senior/combinations/', who.auth), 200);
    expect(list.json().combinations.map((c: { name: string }) => c.name)).toEqual([
      'BIO/CHE/PHY',
      'Bio Chem Geo',
    ]);
    await expectStatus(
      call('POST', '/api/senior/combinations/', who.auth, {
        pathway: stem,
        subjects,
        name: 'Bio Chem Geo',
      }),
      409,
      'A combination named Bio Chem Geo already exists',
    );
  });

  it('are refused, naming the rule, when they break one', async () => {
    const who = await newSchool();
    await create(who, '/api/classes/', { name: '10 East', level: 'Grade 10' });
    const stem = await pathwayId(who, 'STEM');
    const [bio, chem, phy, geo, his, fre] = await subjectIds(
      who,
      'Biology',
      'Chemistry',
      'Physics',
      'Geography',
      'History and Citizenship',
      'French',
    );
    const refused = (subjects: number[], message: string) =>
      expectStatus(
        call('POST', '/api/senior/combinations/', who.auth, { pathway: stem, subjects }),
        400,
        message,
      );
    await refused([bio, chem, phy, geo], 'A combination has 3 electives');
    await refused([bio, chem, chem], 'Chemistry is in the combination twice');
    await refused(
      [bio, geo, his],
      'At most one elective may come from outside STEM: Geography and History and Citizenship are not STEM subjects',
    );
    const { core } = await pathwaysOf(who);
    const english = core.find((c: { name: string }) => c.name === 'English').id;
    await refused([bio, chem, english], 'English is not a senior-school elective');
    await expectStatus(
      call('POST', '/api/senior/combinations/', who.auth, { pathway: stem, subjects: [bio, chem] }),
      400,
      'A combination has 3 electives',
    );
    await refused([fre, fre, fre], 'French is in the combination twice');
  });

  it('are the school’s own: another school’s pathway or subjects are not found, no token is 401', async () => {
    const who = await newSchool();
    await create(who, '/api/classes/', { name: '10 East', level: 'Grade 10' });
    const stem = await pathwayId(who, 'STEM');
    const subjects = await subjectIds(who, 'Biology', 'Chemistry', 'Physics');
    await expectStatus(
      call('POST', '/api/senior/combinations/', other!.auth, { pathway: stem, subjects }),
      404,
      'Pathway not found',
    );
    await expectStatus(
      call('POST', '/api/senior/combinations/', {}, { pathway: stem, subjects }),
      401,
    );
    await expectStatus(call('GET', '/api/senior/combinations/', {}), 401);
    expect(
      (await expectStatus(call('GET', '/api/senior/combinations/', other!.auth), 200)).json()
        .combinations,
    ).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { SignedInSchool } from '../../test/app';
import { authAs, expectStatus, useTestApp } from '../../test/app';

const { t, call, create, schools, newSchool } = useTestApp('Kilimani Junior School');
const [other] = schools;

/** A class of `level` and the level's id. */
async function levelOf(who: SignedInSchool, className: string, level: string) {
  await create(who, '/api/classes/', { name: className, level });
  const { levels } = (await call('GET', '/api/levels/', who.auth)).json();
  return levels.find((l: { name: string }) => l.name === level).id as number;
}

const areasOf = async (who: SignedInSchool, level: number) =>
  (await expectStatus(call('GET', `/api/cbc/learning_areas/?level=${level}`, who.auth), 200)).json()
    .learning_areas as { id: number; name: string; strands: number }[];

describe('learning areas', () => {
  it('start from the grade band’s list when a CBC level is made', async () => {
    const who = await newSchool();
    const grade8 = await levelOf(who, '8 East', 'Grade 8');
    expect((await areasOf(who, grade8)).map((a) => a.name)).toEqual([
      'English',
      'Kiswahili',
      'Mathematics',
      'Religious Education',
      'Integrated Science',
      'Pre-Technical Studies',
      'Agriculture and Nutrition',
      'Social Studies',
      'Creative Arts and Sports',
    ]);
    const grade2 = await levelOf(who, '2 Red', 'Grade 2');
    expect(await areasOf(who, grade2)).toHaveLength(7);
    // Pre-primary and 8-4-4 Forms start with none: nothing is invented.
    expect(await areasOf(who, await levelOf(who, 'PP1 Blue', 'PP1'))).toEqual([]);
    expect(await areasOf(who, await levelOf(who, '4 East', 'Form 4'))).toEqual([]);
    // Senior school: its senior subjects (senior-assessments.test.ts).
    const grade10 = (await areasOf(who, await levelOf(who, '10 East', 'Grade 10'))).map(
      (a) => a.name,
    );
    expect(grade10).toContain('Chemistry');
  });

  it('are the school’s to add, rename and delete, and come back when asked', async () => {
    const who = await newSchool();
    const grade5 = await levelOf(who, '5 East', 'Grade 5');
    const added = await create(who, '/api/cbc/learning_areas/', { level: grade5, name: 'French' });
    expect(added).toEqual({ id: expect.any(Number), name: 'French', level: grade5, strands: 0 });
    await expectStatus(
      call('POST', '/api/cbc/learning_areas/', who.auth, { level: grade5, name: 'French' }),
      409,
      'This level already has a learning area called French',
    );
    const renamed = await expectStatus(
      call('PATCH', `/api/cbc/learning_areas/${added.id}/`, who.auth, { name: 'German' }),
      200,
    );
    expect(renamed.json().name).toBe('German');
    const english = (await areasOf(who, grade5)).find((a) => a.name === 'English')!;
    await expectStatus(call('DELETE', `/api/cbc/learning_areas/${english.id}/`, who.auth), 204);
    expect((await areasOf(who, grade5)).map((a) => a.name)).not.toContain('English');
    const restored = await expectStatus(
      call('POST', `/api/cbc/levels/${grade5}/default_learning_areas/`, who.auth),
      200,
    );
    expect(restored.json().learning_areas.map((a: { name: string }) => a.name)).toContain(
      'English',
    );
    expect(restored.json().learning_areas).toHaveLength(9);
  });

  it('are given to a level moved onto CBC', async () => {
    const who = await newSchool();
    const grade7 = await levelOf(who, '7 East', 'Grade 7');
    await expectStatus(
      call('PATCH', `/api/levels/${grade7}/`, who.auth, { curriculum: '8-4-4' }),
      200,
    );
    const areas = await areasOf(who, grade7);
    for (const area of areas) {
      await call('DELETE', `/api/cbc/learning_areas/${area.id}/`, who.auth);
    }
    await expectStatus(
      call('PATCH', `/api/levels/${grade7}/`, who.auth, { curriculum: 'cbc' }),
      200,
    );
    expect(await areasOf(who, grade7)).toHaveLength(9);
  });

  it('refuse a bad body with the field’s message (400)', async () => {
    const who = await newSchool();
    const grade4 = await levelOf(who, '4 Blue', 'Grade 4');
    const blank = await expectStatus(
      call('POST', '/api/cbc/learning_areas/', who.auth, { level: grade4, name: '  ' }),
      400,
    );
    expect(blank.json().errors.name).toBeDefined();
    await expectStatus(call('POST', '/api/cbc/learning_areas/', who.auth, { name: 'Art' }), 400);
    await expectStatus(call('GET', '/api/cbc/learning_areas/', who.auth), 400);
  });

  it('answer 401 without a token and 403 to a teacher changing them', async () => {
    await expectStatus(call('GET', '/api/cbc/learning_areas/?level=1', {}), 401);
    await expectStatus(call('POST', '/api/cbc/learning_areas/', {}, { level: 1, name: 'x' }), 401);
    const who = await newSchool();
    const grade6 = await levelOf(who, '6 East', 'Grade 6');
    const teacher = await authAs(t.app, who.schoolId, 'teacher');
    expect(await areasOf({ ...who, auth: teacher }, grade6)).toHaveLength(8);
    await expectStatus(
      call('POST', '/api/cbc/learning_areas/', teacher, { level: grade6, name: 'French' }),
      403,
    );
  });

  it('keep schools apart: another school’s level, learning area and strand are 404', async () => {
    const who = await newSchool();
    const theirs = await levelOf(other!, '9 East', 'Grade 9');
    const [area] = await areasOf(other!, theirs);
    const strand = await create(other!, '/api/cbc/strands/', {
      learning_area: area!.id,
      strand: 'Numbers',
    });
    await expectStatus(call('GET', `/api/cbc/learning_areas/?level=${theirs}`, who.auth), 404);
    await expectStatus(
      call('POST', '/api/cbc/learning_areas/', who.auth, { level: theirs, name: 'Mine' }),
      404,
    );
    await expectStatus(
      call('PATCH', `/api/cbc/learning_areas/${area!.id}/`, who.auth, { name: 'Mine' }),
      404,
    );
    await expectStatus(call('DELETE', `/api/cbc/learning_areas/${area!.id}/`, who.auth), 404);
    await expectStatus(
      call('POST', `/api/cbc/levels/${theirs}/default_learning_areas/`, who.auth),
      404,
    );
    await expectStatus(call('GET', `/api/cbc/strands/?learning_area=${area!.id}`, who.auth), 404);
    await expectStatus(
      call('POST', '/api/cbc/strands/', who.auth, { learning_area: area!.id, strand: 'Mine' }),
      404,
    );
    await expectStatus(call('DELETE', `/api/cbc/strands/${strand.id}/`, who.auth), 404);
    expect(await areasOf(other!, theirs)).toHaveLength(9);
  });
});

describe('strands', () => {
  it('are added by hand with or without a sub-strand, listed, and deleted', async () => {
    const who = await newSchool();
    const grade7 = await levelOf(who, '7 West', 'Grade 7');
    const maths = (await areasOf(who, grade7)).find((a) => a.name === 'Mathematics')!;
    const numbers = await create(who, '/api/cbc/strands/', {
      learning_area: maths.id,
      strand: 'Numbers',
    });
    expect(numbers).toEqual({
      id: expect.any(Number),
      learning_area: maths.id,
      strand: 'Numbers',
      sub_strand: null,
    });
    await create(who, '/api/cbc/strands/', {
      learning_area: maths.id,
      strand: 'Numbers',
      sub_strand: 'Integers',
    });
    await expectStatus(
      call('POST', '/api/cbc/strands/', who.auth, { learning_area: maths.id, strand: 'Numbers' }),
      409,
      'This learning area already has this strand',
    );
    await expectStatus(
      call('POST', '/api/cbc/strands/', who.auth, { learning_area: maths.id, strand: '' }),
      400,
    );
    const list = (
      await call('GET', `/api/cbc/strands/?learning_area=${maths.id}`, who.auth)
    ).json();
    expect(list.strands.map((s: { sub_strand: string | null }) => s.sub_strand)).toEqual([
      null,
      'Integers',
    ]);
    expect((await areasOf(who, grade7)).find((a) => a.id === maths.id)!.strands).toBe(2);
    await expectStatus(call('DELETE', `/api/cbc/strands/${numbers.id}/`, who.auth), 204);
    await expectStatus(call('DELETE', `/api/cbc/strands/${numbers.id}/`, who.auth), 404);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { levels } from '../../db/schema/index';
import { authAs, expectStatus, OTHER_SCHOOL_MESSAGE, useTestApp } from '../../test/app';

const { t, call, create, schools, newSchool } = useTestApp('Bahati Secondary', 'Moi Girls');
const [other] = schools;

const levelsOf = async (auth: Record<string, string>) =>
  (await expectStatus(call('GET', '/api/levels/', auth), 200)).json().levels;

describe('levels', () => {
  it('lists the levels its classes name, each on the curriculum its name suggests', async () => {
    const who = await newSchool();
    await create(who, '/api/classes/', { name: '4 East', level: 'Form 4' });
    await create(who, '/api/classes/', { name: '4 West', level: 'Form 4' });
    await create(who, '/api/classes/', { name: '10 Blue', level: 'Grade 10' });
    await create(who, '/api/classes/', { name: '9 Red', level: 'Grade 9' });
    await create(who, '/api/classes/', { name: 'Remedial' });
    expect(await levelsOf(who.auth)).toEqual([
      {
        id: expect.any(Number),
        name: 'Form 4',
        curriculum: '8-4-4',
        classes: 2,
        school: who.schoolId,
      },
      {
        id: expect.any(Number),
        name: 'Grade 9',
        curriculum: 'cbc',
        classes: 1,
        school: who.schoolId,
      },
      {
        id: expect.any(Number),
        name: 'Grade 10',
        curriculum: 'cbc',
        classes: 1,
        school: who.schoolId,
      },
    ]);
  });

  it('gains a level when a class is moved to a new one and drops one no class names', async () => {
    const who = await newSchool();
    const { class: east } = await create(who, '/api/classes/', { name: '3 East', level: 'Form 3' });
    await expectStatus(
      call('PATCH', `/api/classes/${east.id}/`, who.auth, { level: 'Grade 10' }),
      200,
    );
    expect((await levelsOf(who.auth)).map((l: { name: string }) => l.name)).toEqual(['Grade 10']);
  });

  it('changes a level’s curriculum, kept when its classes come and go', async () => {
    const who = await newSchool();
    const { class: east } = await create(who, '/api/classes/', {
      name: '10 East',
      level: 'Grade 10',
    });
    const [grade10] = await levelsOf(who.auth);
    const changed = await expectStatus(
      call('PATCH', `/api/levels/${grade10.id}/`, who.auth, { curriculum: '8-4-4' }),
      200,
    );
    expect(changed.json()).toMatchObject({ name: 'Grade 10', curriculum: '8-4-4', classes: 1 });
    await expectStatus(call('PATCH', `/api/classes/${east.id}/`, who.auth, { level: '' }), 200);
    await create(who, '/api/classes/', { name: '10 West', level: 'Grade 10' });
    expect(await levelsOf(who.auth)).toMatchObject([{ id: grade10.id, curriculum: '8-4-4' }]);
  });

  it('refuses a curriculum it does not know, naming the field (400)', async () => {
    const who = await newSchool();
    await create(who, '/api/classes/', { name: '7 East', level: 'Grade 7' });
    const [grade7] = await levelsOf(who.auth);
    const res = await expectStatus(
      call('PATCH', `/api/levels/${grade7.id}/`, who.auth, { curriculum: 'IGCSE' }),
      400,
    );
    expect(res.json().message).toContain('Choose CBC or 8-4-4');
    await expectStatus(
      call('PATCH', '/api/levels/abc/', who.auth, { curriculum: 'cbc' }),
      404,
      'Not found',
    );
  });

  it('answers 401 without a token', async () => {
    await expectStatus(call('GET', '/api/levels/', {}), 401);
    await expectStatus(call('PATCH', '/api/levels/1/', {}, { curriculum: 'cbc' }), 401);
  });

  it('lets staff read the levels and only an admin change them (403)', async () => {
    const who = await newSchool();
    await create(who, '/api/classes/', { name: '8 East', level: 'Grade 8' });
    const [grade8] = await levelsOf(who.auth);
    const teacher = await authAs(t.app, who.schoolId, 'teacher');
    expect(await levelsOf(teacher)).toHaveLength(1);
    await expectStatus(
      call('PATCH', `/api/levels/${grade8.id}/`, teacher, { curriculum: '8-4-4' }),
      403,
    );
  });

  it('keeps schools apart: another school’s level is 404 and its list 403', async () => {
    const who = await newSchool();
    await create(other!, '/api/classes/', { name: '2 East', level: 'Form 2' });
    const [theirs] = await levelsOf(other!.auth);
    await expectStatus(
      call('PATCH', `/api/levels/${theirs.id}/`, who.auth, { curriculum: 'cbc' }),
      404,
      'Level not found',
    );
    await expectStatus(
      call('GET', `/api/levels/?school=${other!.schoolId}`, who.auth),
      403,
      OTHER_SCHOOL_MESSAGE,
    );
    expect(await levelsOf(who.auth)).toEqual([]);
    const [row] = await t.app.db.select().from(levels).where(eq(levels.id, theirs.id));
    expect(row?.curriculum).toBe('8-4-4');
  });
});

import { describe, expect, it } from 'vitest';
import { expectStatus, useTestApp } from '../../test/app';

const { call, create, newSchool } = useTestApp();

describe('a class’s level', () => {
  it('is set on creation, changed, cleared and listed', async () => {
    const who = await newSchool();
    const { class: east } = await create(who, '/api/classes/', {
      name: '4 East',
      level: ' Form 4 ',
    });
    expect(east.level).toBe('Form 4');
    const { class: west } = await create(who, '/api/classes/', { name: '4 West' });
    expect(west.level).toBeNull();

    const set = await expectStatus(
      call('PATCH', `/api/classes/${west.id}/`, who.auth, { level: 'Form 4' }),
      200,
    );
    expect(set.json().level).toBe('Form 4');
    const list = (await call('GET', '/api/classes/', who.auth)).json().classes;
    expect(list.map((c: { level: string | null }) => c.level)).toEqual(['Form 4', 'Form 4']);
    const cleared = await call('PATCH', `/api/classes/${east.id}/`, who.auth, { level: '' });
    expect(cleared.json().level).toBeNull();
  });

  it('refuses a level that is too long or has control characters (400)', async () => {
    const who = await newSchool();
    const long = await expectStatus(
      call('POST', '/api/classes/', who.auth, { name: '1 North', level: 'F'.repeat(51) }),
      400,
    );
    expect(long.json().errors.level).toEqual(['Level must be at most 50 characters']);
    await expectStatus(
      call('POST', '/api/classes/', who.auth, { name: '1 North', level: 'Form\u00001' }),
      400,
    );
  });
});

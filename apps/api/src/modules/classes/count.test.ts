import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes } from '../../db/schema/index';
import {
  createTestApp,
  json,
  registerSchool,
  type SignedInSchool,
  type TestApp,
} from '../../test/app';

let t: TestApp;
let mine: SignedInSchool;
let other: SignedInSchool;
beforeAll(async () => {
  t = await createTestApp();
  mine = await registerSchool(t.app, 'Class Academy');
  other = await registerSchool(t.app, 'Other Class Academy');
});
afterAll(() => t?.close());

const count = (query: string, headers: Record<string, string> = mine.auth) =>
  t.app.inject({ method: 'GET', url: `/api/classes/${query}`, headers });

describe('GET /api/classes/?school=&count=true', () => {
  it('answers zero for a new school', async () => {
    const res = await count(`?school=${mine.schoolId}&count=true`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 0 });
  });

  it("counts the caller's classes only", async () => {
    await t.app.db.insert(classes).values([
      { schoolId: mine.schoolId, name: 'Form 1' },
      { schoolId: mine.schoolId, name: 'Form 2' },
      { schoolId: other.schoolId, name: 'Form 1' },
    ]);
    expect((await count(`?school=${mine.schoolId}&count=true`)).json()).toEqual({ count: 2 });
    expect((await count('?count=true', other.auth)).json()).toEqual({ count: 1 });
  });

  it('answers 401 without a token', async () => {
    expect((await count(`?school=${mine.schoolId}&count=true`, {})).statusCode).toBe(401);
  });

  it.each(['school', 'school_id'])('answers 403 when %s names another school', async (param) => {
    const res = await count(`?${param}=${other.schoolId}&count=true`);
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('You can only see and change your own school');
  });

  it('answers 400 for a school that is not a number', async () => {
    expect((await count('?school=abc&count=true')).statusCode).toBe(400);
  });
});

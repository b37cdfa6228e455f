import { describe, expect, it } from 'vitest';
import { classes } from '../../db/schema/index';
import { expectStatus, OTHER_SCHOOL_MESSAGE, useTestApp } from '../../test/app';

const { t, schools, newSchool } = useTestApp('Class Academy', 'Other Class Academy');
const [mine, other] = schools;

const count = (query: string, headers: Record<string, string> = mine.auth) =>
  t.app.inject({ method: 'GET', url: `/api/classes/${query}`, headers });

describe('GET /api/classes/?school=&count=true', () => {
  it('answers zero for a new school', async () => {
    const fresh = await newSchool();
    const res = await count(`?school=${fresh.schoolId}&count=true`, fresh.auth);
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
    await expectStatus(count(`?school=${mine.schoolId}&count=true`, {}), 401);
  });

  it.each(['school', 'school_id'])('answers 403 when %s names another school', async (param) => {
    await expectStatus(count(`?${param}=${other.schoolId}&count=true`), 403, OTHER_SCHOOL_MESSAGE);
  });

  it('answers 403 when either of two school parameters names another school', async () => {
    await expectStatus(
      count(`?school=${mine.schoolId}&school_id=${other.schoolId}&count=true`),
      403,
      OTHER_SCHOOL_MESSAGE,
    );
    await expectStatus(
      count(`?school=${other.schoolId}&school_id=${mine.schoolId}&count=true`),
      403,
      OTHER_SCHOOL_MESSAGE,
    );
  });

  it('answers 400 for a school that is not a number', async () => {
    expect((await count('?school=abc&count=true')).statusCode).toBe(400);
  });
});

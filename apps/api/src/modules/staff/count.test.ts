import { describe, expect, it } from 'vitest';
import { teachers, users } from '../../db/schema/index';
import { expectStatus, OTHER_SCHOOL_MESSAGE, uniquePhone, useTestApp } from '../../test/app';

const { t, schools, newSchool } = useTestApp('Staff Academy', 'Other Staff Academy');
const [mine, other] = schools;

const count = (query: string, headers: Record<string, string> = mine.auth) =>
  t.app.inject({ method: 'GET', url: `/api/staff/count/${query}`, headers });

/** Writes teachers straight to the tables, as the staff module will. */
async function hire(schoolId: number, n: number) {
  for (let i = 0; i < n; i++) {
    const [user] = await t.app.db
      .insert(users)
      .values({
        schoolId,
        firstName: 'Mwalimu',
        lastName: 'Njeri',
        username: 'mwalimu',
        phoneNumber: uniquePhone(),
        passwordHash: 'not-a-real-hash',
      })
      .returning({ id: users.id });
    await t.app.db.insert(teachers).values({ schoolId, userId: user!.id });
  }
}

describe('GET /api/staff/count/?school_id=', () => {
  it('answers zero for a new school', async () => {
    const fresh = await newSchool();
    const res = await count(`?school_id=${fresh.schoolId}`, fresh.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ teacher_count: 0 });
  });

  it("counts the caller's teachers only", async () => {
    await hire(mine.schoolId, 3);
    await hire(other.schoolId, 2);
    expect((await count(`?school_id=${mine.schoolId}`)).json()).toEqual({ teacher_count: 3 });
    expect((await count('')).json()).toEqual({ teacher_count: 3 });
    expect((await count('', other.auth)).json()).toEqual({ teacher_count: 2 });
  });

  it('answers 401 without a token', async () => {
    await expectStatus(count(`?school_id=${mine.schoolId}`, {}), 401);
  });

  it.each(['school_id', 'school'])('answers 403 when %s names another school', async (param) => {
    await expectStatus(count(`?${param}=${other.schoolId}`), 403, OTHER_SCHOOL_MESSAGE);
  });

  it('answers 400 for a school_id that is not a number', async () => {
    expect((await count('?school_id=-1')).statusCode).toBe(400);
  });
});

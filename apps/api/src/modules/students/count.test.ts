import { describe, expect, it } from 'vitest';
import { expectStatus, json, OTHER_SCHOOL_MESSAGE, uniquePhone, useTestApp } from '../../test/app';
import { insertClass, insertStudent } from '../../test/seed';

const { t, schools, newSchool } = useTestApp('Count Academy', 'Other Academy');
const [mine, other] = schools;

const count = (query: string, headers: Record<string, string> = mine.auth) =>
  t.app.inject({ method: 'GET', url: `/api/students/count/${query}`, headers });

/** A new class of students with these genders, written straight to the tables. */
async function admit(schoolId: number, genders: string[]) {
  const classId = await insertClass(
    t.app,
    schoolId,
    `Form ${Math.random().toString(36).slice(2, 8)}`,
  );
  for (const gender of genders) await insertStudent(t.app, schoolId, classId, { gender });
}

describe('GET /api/students/count/?school_id=', () => {
  it('answers zeros for a new school', async () => {
    const fresh = await newSchool();
    const res = await count(`?school_id=${fresh.schoolId}`, fresh.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ male_count: 0, female_count: 0, other_count: 0, total: 0 });
  });

  it("counts the caller's students by gender, and no other school's", async () => {
    const [counted, neighbour] = [await newSchool(), await newSchool()];
    await admit(counted.schoolId, ['male', 'male', 'female', 'female', 'female', 'other']);
    await admit(counted.schoolId, ['male']);
    await admit(neighbour.schoolId, ['male', 'female', 'female', 'female']);

    const res = await count(`?school_id=${counted.schoolId}`, counted.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ male_count: 3, female_count: 3, other_count: 1, total: 7 });

    const theirs = await count(`?school_id=${neighbour.schoolId}`, neighbour.auth);
    expect(theirs.json()).toEqual({ male_count: 1, female_count: 3, other_count: 0, total: 4 });
  });

  it('takes the school from the token when no parameter is given, and accepts ?school=', async () => {
    const counted = await newSchool();
    await admit(counted.schoolId, ['male', 'female', 'female', 'other']);
    const expected = { male_count: 1, female_count: 2, other_count: 1, total: 4 };
    expect((await count('', counted.auth)).json()).toEqual(expected);
    expect((await count(`?school=${counted.schoolId}`, counted.auth)).json()).toEqual(expected);
  });

  it('answers 401 without a token', async () => {
    await expectStatus(count(`?school_id=${mine.schoolId}`, {}), 401);
  });

  it.each(['school_id', 'school'])('answers 403 when %s names another school', async (param) => {
    await expectStatus(count(`?${param}=${other.schoolId}`), 403, OTHER_SCHOOL_MESSAGE);
  });

  it('answers 403 for a school that does not exist', async () => {
    await expectStatus(count('?school_id=999999'), 403);
  });

  it('answers 400 for a school_id that is not a number', async () => {
    const res = await count('?school_id=abc');
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toHaveProperty('school_id');
  });

  it('answers 403 to a signed-up user without a school', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup/',
      payload: {
        first_name: 'Baraka',
        last_name: 'Mwangi',
        username: 'baraka',
        phone_number: uniquePhone(),
        password: 'secret123',
      },
    });
    await expectStatus(count('', { authorization: `Bearer ${signup.json().tokens.token}` }), 403);
  });
});

import { describe, expect, it } from 'vitest';
import { authAs, expectStatus, useTestApp } from '../../test/app';

const { t, call, create, schools, newSchool } = useTestApp(
  'Alliance High School',
  'Bahati Secondary',
);
const [a, b] = schools;
const createYear = (who: typeof a, body: object) => create(who, '/api/fees/academic_years/', body);

const END_MESSAGE = 'End date must be on or after the start date';

describe('academic years', () => {
  it('creates a year and derives its status from the dates', async () => {
    const res = await call('POST', '/api/fees/academic_years/', a.auth, {
      name: '2000-2999',
      start_date: '2000-01-01',
      end_date: '2099-12-31',
      school: a.schoolId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: '2000-2999',
      start_date: '2000-01-01',
      end_date: '2099-12-31',
      status: 'Ongoing',
      school: a.schoolId,
    });
    expect(
      (await createYear(a, { name: 'Past', start: '2001-01-01', end: '2001-12-31' })).status,
    ).toBe('Completed');
    expect(
      (await createYear(a, { name: 'Future', start_date: '2090-01-01', end_date: '2090-12-31' }))
        .status,
    ).toBe('Upcoming');
  });

  it('lists the years of the school, latest first, under academic_years', async () => {
    const a = await newSchool();
    await createYear(a, { name: '2000-2999', start_date: '2000-01-01', end_date: '2099-12-31' });
    await createYear(a, { name: 'Future', start_date: '2090-01-01', end_date: '2090-12-31' });
    await createYear(a, { name: 'Past', start_date: '2001-01-01', end_date: '2001-12-31' });
    await createYear(b, { name: 'Theirs', start_date: '2024-01-01', end_date: '2024-12-31' });
    const res = await call('GET', `/api/fees/academic_years/?school_id=${a.schoolId}`, a.auth);
    expect(res.statusCode).toBe(200);
    const { academic_years } = res.json();
    expect(academic_years.map((y: { name: string }) => y.name)).toEqual([
      'Future',
      'Past',
      '2000-2999',
    ]);
    expect(academic_years.map((y: { status: string }) => y.status)).toEqual([
      'Upcoming',
      'Completed',
      'Ongoing',
    ]);
  });

  it('refuses an end before the start', async () => {
    const res = await call('POST', '/api/fees/academic_years/', a.auth, {
      name: '2024',
      start_date: '2024-12-31',
      end_date: '2024-01-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: END_MESSAGE, errors: { end_date: [END_MESSAGE] } });
  });

  it('refuses a missing name and an impossible date', async () => {
    const res = await call('POST', '/api/fees/academic_years/', a.auth, {
      start_date: '2024-02-30',
      end_date: '2024-12-31',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: ['Name is required'],
      start_date: ['Start date must be a date (yyyy-mm-dd)'],
    });
  });

  it('lets a teacher read but not write, and answers 401 without a token', async () => {
    const teacher = await authAs(t.app, a.schoolId, 'teacher');
    expect((await call('GET', '/api/fees/academic_years/', teacher)).statusCode).toBe(200);
    const body = { name: 'x', start_date: '2024-01-01', end_date: '2024-12-31' };
    await expectStatus(call('POST', '/api/fees/academic_years/', teacher, body), 403);
    await expectStatus(call('GET', '/api/fees/academic_years/', {}), 401);
    await expectStatus(call('POST', '/api/fees/academic_years/', {}, body), 401);
  });

  it('answers 403 for another school parameter', async () => {
    const list = await call('GET', `/api/fees/academic_years/?school_id=${b.schoolId}`, a.auth);
    expect(list.statusCode).toBe(403);
    const post = await call('POST', '/api/fees/academic_years/', a.auth, {
      name: 'x',
      start_date: '2024-01-01',
      end_date: '2024-12-31',
      school: b.schoolId,
    });
    expect(post.statusCode).toBe(403);
  });

  it('edits a year, checking the dates as they will be', async () => {
    const year = await createYear(a, {
      name: '2023',
      start_date: '2023-01-01',
      end_date: '2023-12-31',
    });
    const res = await call('PATCH', `/api/fees/academic_years/${year.id}/`, a.auth, {
      name: '2023/24',
      end: '2024-06-30',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...year, name: '2023/24', end_date: '2024-06-30' });
    const bad = await call('PATCH', `/api/fees/academic_years/${year.id}/`, a.auth, {
      start_date: '2024-07-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ end_date: [END_MESSAGE] });
  });

  it('refuses to shrink a year so that one of its terms falls outside', async () => {
    const year = await createYear(a, {
      name: '2022',
      start_date: '2022-01-01',
      end_date: '2022-12-31',
    });
    const term = await call('POST', '/api/fees/terms/', a.auth, {
      name: 'Term 3',
      start_date: '2022-09-01',
      end_date: '2022-11-30',
      academic_year: year.id,
    });
    expect(term.statusCode).toBe(201);
    const res = await call('PATCH', `/api/fees/academic_years/${year.id}/`, a.auth, {
      end_date: '2022-10-31',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.end_date).toEqual([
      'Term 3 (2022-09-01 to 2022-11-30) would fall outside the academic year; change the term first',
    ]);
  });

  it('refuses (409) to delete a year that has terms, deleting nothing', async () => {
    const year = await createYear(a, {
      name: '2021',
      start_date: '2021-01-01',
      end_date: '2021-12-31',
    });
    for (const [name, start, end] of [
      ['Term 1', '2021-01-04', '2021-04-01'],
      ['Term 2', '2021-05-03', '2021-08-06'],
    ]) {
      const res = await call('POST', '/api/fees/terms/', a.auth, {
        name,
        start_date: start,
        end_date: end,
        academic_year: year.id,
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await call('DELETE', `/api/fees/academic_years/${year.id}/`, a.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Academic year 2021 has 2 terms; delete or move them first');
    const list = (await call('GET', '/api/fees/academic_years/', a.auth)).json();
    expect(list.academic_years.some((y: { id: number }) => y.id === year.id)).toBe(true);
  });

  it('deletes a year with no terms', async () => {
    const year = await createYear(a, {
      name: '2020',
      start_date: '2020-01-01',
      end_date: '2020-12-31',
    });
    expect((await call('DELETE', `/api/fees/academic_years/${year.id}/`, a.auth)).statusCode).toBe(
      204,
    );
    await expectStatus(call('DELETE', `/api/fees/academic_years/${year.id}/`, a.auth), 404);
  });

  it("answers 404 for another school's year, changing or deleting it", async () => {
    const theirs = await createYear(b, {
      name: '2019',
      start_date: '2019-01-01',
      end_date: '2019-12-31',
    });
    const patch = await call('PATCH', `/api/fees/academic_years/${theirs.id}/`, a.auth, {
      name: 'x',
    });
    expect(patch.statusCode).toBe(404);
    await expectStatus(call('DELETE', `/api/fees/academic_years/${theirs.id}/`, a.auth), 404);
    const list = (await call('GET', '/api/fees/academic_years/', b.auth)).json();
    expect(list.academic_years.find((y: { id: number }) => y.id === theirs.id).name).toBe('2019');
  });
});

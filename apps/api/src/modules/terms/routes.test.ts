import { beforeAll, describe, expect, it } from 'vitest';
import { authAs, expectStatus, useTestApp } from '../../test/app';

const { t, call, create, schools, newSchool } = useTestApp(
  'Alliance High School',
  'Bahati Secondary',
);
const [a, b] = schools;
let year2024: { id: number; name: string };
let theirYear: { id: number };

beforeAll(async () => {
  year2024 = await create(a, '/api/fees/academic_years/', {
    name: '2024',
    start_date: '2024-01-01',
    end_date: '2024-12-31',
  });
  theirYear = await create(b, '/api/fees/academic_years/', {
    name: '2024',
    start_date: '2024-01-01',
    end_date: '2024-12-31',
  });
});

const OUTSIDE = 'The term must lie within its academic year 2024 (2024-01-01 to 2024-12-31)';

describe('terms', () => {
  it('creates a term in an academic year, with its status and year', async () => {
    const res = await call('POST', '/api/fees/terms/', a.auth, {
      name: 'Term 1',
      start_date: '2024-01-08',
      end_date: '2024-04-05',
      academic_year: year2024.id,
      school: a.schoolId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Term 1',
      start_date: '2024-01-08',
      end_date: '2024-04-05',
      status: 'Completed',
      academic_year: { id: year2024.id, name: '2024' },
      school: a.schoolId,
    });
  });

  it('creates a term that belongs to the school alone', async () => {
    const term = await create(a, '/api/fees/terms/', {
      name: 'Holiday tuition',
      start: '2090-12-01',
      end: '2090-12-20',
    });
    expect(term).toMatchObject({ academic_year: null, status: 'Upcoming' });
  });

  it('lists by school or by academic year', async () => {
    const a = await newSchool();
    const year2024 = await create(a, '/api/fees/academic_years/', {
      name: '2024',
      start_date: '2024-01-01',
      end_date: '2024-12-31',
    });
    const yearNow = await create(a, '/api/fees/academic_years/', {
      name: 'Long',
      start_date: '2000-01-01',
      end_date: '2099-12-31',
    });
    await create(a, '/api/fees/terms/', {
      name: 'Term 1',
      start_date: '2024-01-08',
      end_date: '2024-04-05',
      academic_year: year2024.id,
    });
    await create(a, '/api/fees/terms/', {
      name: 'Holiday tuition',
      start_date: '2090-12-01',
      end_date: '2090-12-20',
    });
    await create(a, '/api/fees/terms/', {
      name: 'Now',
      start_date: '2000-01-01',
      end_date: '2099-01-01',
      academic_year: yearNow.id,
    });
    await create(b, '/api/fees/terms/', {
      name: 'Theirs',
      start_date: '2024-01-08',
      end_date: '2024-04-05',
      academic_year: theirYear.id,
    });
    const all = await call('GET', `/api/fees/terms/?school=${a.schoolId}`, a.auth);
    expect(all.statusCode).toBe(200);
    expect(all.json().terms.map((x: { name: string }) => x.name)).toEqual([
      'Holiday tuition',
      'Term 1',
      'Now',
    ]);
    const ofYear = await call('GET', `/api/fees/terms/?academic_year=${yearNow.id}`, a.auth);
    expect(ofYear.json().terms).toEqual([
      expect.objectContaining({
        name: 'Now',
        status: 'Ongoing',
        academic_year: { id: yearNow.id, name: 'Long' },
      }),
    ]);
  });

  it('refuses a term outside its academic year, on the field that is out', async () => {
    const early = await call('POST', '/api/fees/terms/', a.auth, {
      name: 'Term 0',
      start_date: '2023-12-01',
      end_date: '2024-02-01',
      academic_year: year2024.id,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ message: OUTSIDE, errors: { start_date: [OUTSIDE] } });
    const late = await call('POST', '/api/fees/terms/', a.auth, {
      name: 'Term 4',
      start_date: '2024-12-01',
      end_date: '2025-01-10',
      academic_year: year2024.id,
    });
    expect(late.json().errors).toEqual({ end_date: [OUTSIDE] });
  });

  it('refuses an end before the start and a missing name', async () => {
    const res = await call('POST', '/api/fees/terms/', a.auth, {
      start_date: '2024-04-05',
      end_date: '2024-01-08',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: ['Name is required'],
      end_date: ['End date must be on or after the start date'],
    });
  });

  it('lets a teacher read but not write, and answers 401 without a token', async () => {
    const teacher = await authAs(t.app, a.schoolId, 'teacher');
    expect((await call('GET', '/api/fees/terms/', teacher)).statusCode).toBe(200);
    const body = { name: 'x', start_date: '2024-01-08', end_date: '2024-04-05' };
    await expectStatus(call('POST', '/api/fees/terms/', teacher, body), 403);
    await expectStatus(call('GET', '/api/fees/terms/', {}), 401);
    await expectStatus(call('PATCH', '/api/fees/terms/1/', {}, body), 401);
  });

  it('refuses another school: 403 for its id as parameter, 404 for its year', async () => {
    await expectStatus(call('GET', `/api/fees/terms/?school=${b.schoolId}`, a.auth), 403);
    await expectStatus(call('GET', `/api/fees/terms/?academic_year=${theirYear.id}`, a.auth), 404);
    const post = await call('POST', '/api/fees/terms/', a.auth, {
      name: 'Sneaky',
      start_date: '2024-01-08',
      end_date: '2024-04-05',
      academic_year: theirYear.id,
    });
    await expectStatus(post, 404, 'Academic year not found');
  });

  it('edits a term, checking dates and year as they will be', async () => {
    const term = await create(a, '/api/fees/terms/', {
      name: 'Term 2',
      start_date: '2024-05-06',
      end_date: '2024-08-02',
      academic_year: year2024.id,
    });
    const res = await call('PATCH', `/api/fees/terms/${term.id}/`, a.auth, {
      name: 'Term two',
      end_date: '2024-08-09',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...term, name: 'Term two', end_date: '2024-08-09' });
    const outside = await call('PATCH', `/api/fees/terms/${term.id}/`, a.auth, {
      end_date: '2025-01-31',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(OUTSIDE);
    const inverted = await call('PATCH', `/api/fees/terms/${term.id}/`, a.auth, {
      start_date: '2024-09-01',
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().errors).toEqual({
      end_date: ['End date must be on or after the start date'],
    });
    const detached = await call('PATCH', `/api/fees/terms/${term.id}/`, a.auth, {
      academic_year: null,
    });
    expect(detached.json().academic_year).toBeNull();
    const theirs = await call('PATCH', `/api/fees/terms/${term.id}/`, a.auth, {
      academic_year: theirYear.id,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it("answers 404 for another school's term, changing or deleting it", async () => {
    const theirs = await create(b, '/api/fees/terms/', {
      name: 'Their term',
      start_date: '2024-01-08',
      end_date: '2024-04-05',
    });
    await expectStatus(call('PATCH', `/api/fees/terms/${theirs.id}/`, a.auth, { name: 'x' }), 404);
    await expectStatus(call('DELETE', `/api/fees/terms/${theirs.id}/`, a.auth), 404);
    const list = (await call('GET', '/api/fees/terms/', b.auth)).json();
    expect(list.terms.find((x: { id: number }) => x.id === theirs.id).name).toBe('Their term');
  });

  it('deletes a term', async () => {
    const term = await create(a, '/api/fees/terms/', {
      name: 'Short',
      start_date: '2024-10-01',
      end_date: '2024-10-02',
    });
    expect((await call('DELETE', `/api/fees/terms/${term.id}/`, a.auth)).statusCode).toBe(204);
    await expectStatus(call('DELETE', `/api/fees/terms/${term.id}/`, a.auth), 404);
  });
});

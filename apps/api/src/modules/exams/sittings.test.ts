import { describe, expect, it } from 'vitest';
import { expectStatus, useTestApp } from '../../test/app';
import { insertClass } from '../../test/seed';

const { t, call, create, schools, newSchool } = useTestApp('Maseno School', 'Kisumu Boys');
const [, b] = schools;

async function schoolWithYear() {
  const who = await newSchool();
  const year = await create(who, '/api/fees/academic_years/', {
    name: '2026',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
  });
  const term = await create(who, '/api/fees/terms/', {
    name: 'Term 3',
    start_date: '2026-08-24',
    end_date: '2026-10-30',
    academic_year: year.id,
  });
  return { who, term: term.id as number };
}

const exam = (extra: object) => ({
  name: 'End of Term 3',
  start_date: '2026-10-19',
  end_date: '2026-10-23',
  ...extra,
});

describe('an exam’s term, scheme and who sits it', () => {
  it('keeps the term, the scheme override, the classes and the levels', async () => {
    const { who, term } = await schoolWithYear();
    const east = await insertClass(t.app, who.schoolId, '4 East');
    const west = await insertClass(t.app, who.schoolId, '4 West');
    const created = await create(
      who,
      '/api/grades/exams/',
      exam({
        term,
        grading_scheme: 'kcse_cluster',
        classes: [west, east, west],
        levels: ['Form 3', 'Form 3'],
      }),
    );
    expect(created).toMatchObject({
      term,
      grading_scheme: 'kcse_cluster',
      classes: [east, west].sort((x, y) => x - y),
      levels: ['Form 3'],
    });

    const changed = await expectStatus(
      call('PATCH', `/api/grades/exams/${created.id}/`, who.auth, {
        classes: [east],
        grading_scheme: null,
      }),
      200,
    );
    expect(changed.json()).toMatchObject({
      term,
      grading_scheme: null,
      classes: [east],
      levels: ['Form 3'],
    });
    const classesOnly = await expectStatus(
      call('PATCH', `/api/grades/exams/${created.id}/`, who.auth, { classes: [west] }),
      200,
    );
    expect(classesOnly.json()).toMatchObject({ classes: [west], levels: ['Form 3'] });
    const cleared = await call('PATCH', `/api/grades/exams/${created.id}/`, who.auth, {
      term: null,
      classes: [],
      levels: [],
    });
    expect(cleared.json()).toMatchObject({ term: null, classes: [], levels: [] });
    const read = await call('GET', `/api/grades/exams/${created.id}/`, who.auth);
    expect(read.json()).toEqual(cleared.json());
  });

  it('refuses another school’s term or class (404) and a bad scheme or list (400)', async () => {
    const { who } = await schoolWithYear();
    const theirs = await schoolWithYear();
    const theirClass = await insertClass(t.app, b.schoolId, `Their class ${Date.now()}`);
    await expectStatus(
      call('POST', '/api/grades/exams/', who.auth, exam({ term: theirs.term })),
      404,
      'Term not found',
    );
    await expectStatus(
      call('POST', '/api/grades/exams/', who.auth, exam({ classes: [theirClass] })),
      404,
      'Class not found',
    );
    const bad = await expectStatus(
      call('POST', '/api/grades/exams/', who.auth, exam({ grading_scheme: 'best7', levels: 'F4' })),
      400,
    );
    expect(bad.json().errors).toMatchObject({
      grading_scheme: ['Choose a grading scheme'],
      levels: ['Levels must be a list of level names'],
    });
    expect((await call('GET', '/api/grades/exams/', who.auth)).json()).toEqual([]);
  });

  it('does not delete a term that has exams (409)', async () => {
    const { who, term } = await schoolWithYear();
    await create(who, '/api/grades/exams/', exam({ term }));
    await expectStatus(
      call('DELETE', `/api/fees/terms/${term}/`, who.auth),
      409,
      'Term 3 has 1 exam; move it to another term before deleting it',
    );
  });
});

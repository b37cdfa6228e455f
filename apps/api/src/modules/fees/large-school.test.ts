import { describe, expect, it } from 'vitest';
import { academicYears, terms } from '../../db/schema/index';
import { countQueries, type SignedInLargeSchool, useSmallAndLargeSchool } from '../../test/app';

const { t, schools } = useSmallAndLargeSchool('079920000');

const inject = (
  school: SignedInLargeSchool,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: school.who.auth, payload });

/** A term, a Tuition category and an amount for every class, billed; answers the term. */
async function billedTerm(school: SignedInLargeSchool) {
  const [year] = await t.app.db
    .insert(academicYears)
    .values({
      schoolId: school.schoolId,
      name: '2026',
      startDate: '2026-01-05',
      endDate: '2026-11-20',
    })
    .returning({ id: academicYears.id });
  const [term] = await t.app.db
    .insert(terms)
    .values({
      schoolId: school.schoolId,
      academicYearId: year!.id,
      name: 'Term 1',
      startDate: '2026-01-05',
      endDate: '2026-04-02',
    })
    .returning({ id: terms.id });
  const category = (
    await inject(school, 'POST', '/api/fees/categories/', { name: 'Tuition', duration: 'termly' })
  ).json();
  const put = await inject(school, 'PUT', '/api/fees/structures/', {
    term: term!.id,
    amounts: school.classIds.map((id) => ({
      category: category.id,
      class: id,
      amount_cents: 1_250_000,
    })),
  });
  expect(put.statusCode, put.body).toBe(200);
  return term!.id;
}

describe('fees in a school of 2,000', () => {
  it('bills, reports and lists in as many queries at 2,000 students as at 20', async () => {
    const counts: number[][] = [];
    for (const school of [schools.small, schools.large]) {
      const term = await billedTerm(school);
      const started = performance.now();
      const applied = await inject(school, 'POST', `/api/fees/structures/${term}/apply/`);
      const applyMs = performance.now() - started;
      expect(applied.json()).toMatchObject({
        billed_students: school.studentCount,
        total_cents: school.studentCount * 1_250_000,
      });
      const student = (await inject(school, 'GET', `/api/fees/balances/?page_size=1`)).json()
        .students[0].student.id as number;
      await inject(school, 'POST', '/api/payments/', {
        student,
        method: 'cash',
        amount_cents: 100,
      });
      const perRoute: number[] = [];
      for (const url of [
        `/api/fees/collection/?term=${term}`,
        `/api/fees/balances/?term=${term}&page=2&page_size=50`,
        '/api/fees/balances/?search=a',
        '/api/fees/balances/?format=csv',
        '/api/fees/analytics/',
        `/api/fees/structures/?term=${term}`,
      ]) {
        perRoute.push(
          await countQueries(t.app, async () => {
            const res = await inject(school, 'GET', url);
            expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
          }),
        );
      }
      counts.push(perRoute);
      // Billing 2,000 students is one statement: well within a request's time.
      expect(applyMs).toBeLessThan(10_000);
      const started2 = performance.now();
      const balances = await inject(school, 'GET', `/api/fees/balances/?term=${term}`);
      expect(performance.now() - started2).toBeLessThan(2_000);
      expect(balances.json().total).toBe(school.studentCount);
      const collection = (await inject(school, 'GET', `/api/fees/collection/?term=${term}`)).json();
      expect(collection.totals).toMatchObject({
        students: school.studentCount,
        expected_cents: school.studentCount * 1_250_000,
        collected_cents: 100,
      });
    }
    expect(counts[1]).toEqual(counts[0]);
  });
});

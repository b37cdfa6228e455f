import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerSchool, type TestApp } from '../test/app';
import { printTable, timeSideBySide, watchQueries } from './measure';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The bench leans on where drizzle sends SQL (`session.client.query`); a driver or drizzle
// upgrade that moves it would make the bench count 0 queries and time nothing.
describe('watchQueries', () => {
  it('catches the statements of a request and replays them on the driver with the same rows', async () => {
    const school = await registerSchool(t.app);
    const queries = watchQueries(t.app.db);
    const url = `/api/classes/?school=${school.schoolId}`;
    await t.app.inject({ method: 'POST', url, headers: school.auth, payload: { name: 'Form 1' } });

    const statements = await queries.statementsOf(() =>
      t.app.inject({ method: 'GET', url, headers: school.auth }),
    );
    expect(statements.length).toBeGreaterThan(0);

    // Both drivers answer { rows }: the class list's statement gives the school's one class.
    const results = (await queries.replay(statements)) as { rows: unknown[] }[];
    expect(results).toHaveLength(statements.length);
    expect(results.at(-1)!.rows).toHaveLength(1);
  });
});

describe('timeSideBySide', () => {
  it('times each run in turn, as many times each', async () => {
    const calls = { a: 0, b: 0 };
    const [a, b] = await timeSideBySide([async () => void calls.a++, async () => void calls.b++], {
      warmup: 2,
      samples: 20,
    });
    expect(calls).toEqual({ a: 22, b: 22 });
    expect(a!.samples).toBe(20);
    expect(b!.p95).toBeGreaterThanOrEqual(b!.p50);
  });
});

describe('printTable', () => {
  it('lines up the columns and lets a note run past them', () => {
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => lines.push(line);
    try {
      printTable(
        ['name', 'ms'],
        [['students', '12.5'], { name: 'export', note: 'skipped: 404' }, ['x', '1']],
      );
    } finally {
      console.log = log;
    }
    expect(lines).toEqual([
      '  name        ms',
      '  --------  ----',
      '  students  12.5',
      '  export    skipped: 404',
      '  x            1',
    ]);
  });
});

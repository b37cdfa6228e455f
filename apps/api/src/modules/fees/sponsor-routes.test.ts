import { capitationAlreadyMessage, FEE_LEDGER_MESSAGES } from '@shule/shared/fee-ledger';
import { beforeAll, describe, expect, it } from 'vitest';
import { authAs, expectStatus, json, useTestApp } from '../../test/app';
import { type FeeSchool, feeSchool } from './test-school';

const { t, schools, call, create } = useTestApp('Moi Forces Academy', 'Alliance Girls');
const [moi, alliance] = schools;
let f: FeeSchool;
let other: FeeSchool;
let teacher: Record<string, string>;

beforeAll(async () => {
  f = await feeSchool(t.app, moi.schoolId);
  other = await feeSchool(t.app, alliance.schoolId);
  teacher = await authAs(t.app, moi.schoolId, 'teacher');
});

describe('sponsors', () => {
  it('adds a sponsor, credits its bursaries and shows its own statement', async () => {
    const county = await create(moi, '/api/fees/sponsors/', {
      name: 'Nakuru County Bursary',
      kind: 'county_bursary',
    });
    expect(county).toMatchObject({ name: 'Nakuru County Bursary', total_cents: 0, students: 0 });
    await expectStatus(
      call('POST', '/api/fees/sponsors/', moi.auth, {
        name: 'nakuru county bursary',
        kind: 'other',
      }),
      409,
      "A sponsor named 'nakuru county bursary' already exists",
    );
    for (const [student, cents] of [
      [f.students.amani, 1_000_000],
      [f.students.ekaru, 750_000],
    ] as const) {
      await create(moi, `/api/students/${student}/ledger/`, {
        kind: 'bursary',
        amount_cents: cents,
        sponsor: county.id,
        term: f.term1,
        note: 'Ward allocation',
      });
    }
    const { entry } = await create(moi, `/api/students/${f.students.amani}/ledger/`, {
      kind: 'bursary',
      amount_cents: 5_000,
      sponsor: county.id,
    });
    await create(moi, `/api/ledger_entries/${entry.id}/reverse/`, { reason: 'Typed twice' });

    const statement = json(
      await expectStatus(call('GET', `/api/fees/sponsors/${county.id}/statement/`, moi.auth), 200),
    ) as {
      sponsor: { total_cents: number; students: number };
      entries: {
        kind: string;
        amount_cents: number;
        student: { first_name: string };
        term: { name: string } | null;
      }[];
    };
    expect(statement.sponsor).toMatchObject({ total_cents: 1_750_000, students: 2 });
    expect(statement.entries.map((e) => [e.kind, e.student.first_name, e.amount_cents])).toEqual([
      ['bursary', 'Amani', 1_000_000],
      ['bursary', 'Ekaru', 750_000],
      ['bursary', 'Amani', 5_000],
      ['reversal', 'Amani', -5_000],
    ]);
    expect(statement.entries[0]!.term).toEqual({ id: f.term1, name: 'Term 1 2026' });
    const list = json(await expectStatus(call('GET', '/api/fees/sponsors/', moi.auth), 200));
    expect(list.sponsors).toEqual([
      {
        id: county.id,
        name: 'Nakuru County Bursary',
        kind: 'county_bursary',
        total_cents: 1_750_000,
        students: 2,
      },
    ]);

    await expectStatus(
      call('GET', `/api/fees/sponsors/${county.id}/statement/`, alliance.auth),
      404,
      'Sponsor not found',
    );
    const theirs = json(await expectStatus(call('GET', '/api/fees/sponsors/', alliance.auth), 200));
    expect(theirs.sponsors).toEqual([]);
  });

  it('answers 400 with the field, 401 and 403 to a teacher', async () => {
    const res = await expectStatus(
      call('POST', '/api/fees/sponsors/', moi.auth, { name: 'CDF', kind: 'bank' }),
      400,
      'Choose the kind of sponsor',
    );
    expect(json(res).errors).toEqual({ kind: ['Choose the kind of sponsor'] });
    await expectStatus(
      call('POST', '/api/fees/sponsors/', moi.auth, { kind: 'church' }),
      400,
      'Sponsor name is required',
    );
    await expectStatus(call('GET', '/api/fees/sponsors/', {}), 401);
    await expectStatus(call('GET', '/api/fees/sponsors/', teacher), 403);
    await expectStatus(
      call('POST', '/api/fees/sponsors/', teacher, { name: 'CDF', kind: 'cdf_bursary' }),
      403,
    );
  });
});

describe('capitation', () => {
  it('credits an instalment to every active learner of the classes once, from the government', async () => {
    const first = json(
      await expectStatus(
        call('POST', '/api/fees/capitation/', moi.auth, {
          term: f.term2,
          classes: [f.form1, f.form2],
          instalment: 1,
        }),
        201,
      ),
    );
    // Amani, Baraka, Chebet, Ekaru, Faraji (Daudi left): 11,122 each.
    expect(first).toEqual({
      students: 5,
      amount_cents_each: 1_112_200,
      total_cents: 5 * 1_112_200,
    });
    await expectStatus(
      call('POST', '/api/fees/capitation/', moi.auth, {
        term: f.term2,
        classes: [f.form1],
        instalment: 1,
      }),
      409,
      capitationAlreadyMessage(1, 'Term 2 2026'),
    );
    const second = json(
      await expectStatus(
        call('POST', '/api/fees/capitation/', moi.auth, {
          term: f.term2,
          classes: [f.form2],
          instalment: 2,
        }),
        201,
      ),
    );
    expect(second).toEqual({ students: 2, amount_cents_each: 667_320, total_cents: 1_334_640 });
    const statement = json(
      await expectStatus(
        call('GET', `/api/students/${f.students.faraji}/fee_statement/`, moi.auth),
        200,
      ),
    ) as { balance_cents: number; entries: { description: string }[] };
    expect(statement.balance_cents).toBe(-(1_112_200 + 667_320));
    expect(statement.entries.map((e) => e.description)).toEqual([
      'Government capitation: Instalment 1 of Term 2 2026',
      'Government capitation: Instalment 2 of Term 2 2026',
    ]);
    const government = (
      json(await expectStatus(call('GET', '/api/fees/sponsors/', moi.auth), 200)).sponsors as {
        name: string;
        kind: string;
        total_cents: number;
      }[]
    ).find((s) => s.kind === 'government');
    expect(government).toMatchObject({
      name: 'Government capitation',
      total_cents: 5 * 1_112_200 + 1_334_640,
    });
  });

  it('refuses another school’s term or classes, bad input with the field, no token and a teacher', async () => {
    await expectStatus(
      call('POST', '/api/fees/capitation/', moi.auth, {
        term: other.term1,
        classes: [f.form1],
        instalment: 1,
      }),
      404,
      'Term not found',
    );
    const res = await expectStatus(
      call('POST', '/api/fees/capitation/', moi.auth, {
        term: f.term1,
        classes: [f.form1, other.form1],
        instalment: 3,
      }),
      400,
      "Choose your school's classes",
    );
    expect(json(res).errors).toEqual({ 'classes.1': ["Choose your school's classes"] });
    await expectStatus(
      call('POST', '/api/fees/capitation/', moi.auth, {
        term: f.term1,
        classes: [f.form1],
        instalment: 5,
      }),
      400,
      FEE_LEDGER_MESSAGES.instalment,
    );
    await expectStatus(
      call(
        'POST',
        '/api/fees/capitation/',
        {},
        { term: f.term1, classes: [f.form1], instalment: 1 },
      ),
      401,
    );
    await expectStatus(
      call('POST', '/api/fees/capitation/', teacher, {
        term: f.term1,
        classes: [f.form1],
        instalment: 1,
      }),
      403,
    );
  });
});

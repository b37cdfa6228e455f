import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, serializeError } from './logging';
import {
  createTestApp,
  registerSchool,
  type SignedInSchool,
  type TestApp,
  testDriver,
  uniquePhone,
} from './test/app';
import { createClassFixture, studentBody } from './test/fixtures';

/** Every line the app logs, parsed. */
const lines: Record<string, unknown>[] = [];
const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };

let t: TestApp;
let admin: SignedInSchool;
beforeAll(async () => {
  t = await createTestApp({}, { logger: loggerOptions('info', stream) });
  admin = await registerSchool(t.app, 'Log Academy');
});
afterAll(() => t?.close());

/** The lines logged while `run` ran. */
async function logged(run: () => Promise<unknown>) {
  const from = lines.length;
  await run();
  return lines.slice(from);
}

const requestLines = (of: Record<string, unknown>[]) => of.filter((l) => l.msg === 'request');

describe(`logs without personal data (${testDriver})`, () => {
  it('logs a request as method, route pattern, status, time, request id and school; no query, no body', async () => {
    const search = 'Wairimu Njambi';
    const of = await logged(() =>
      t.app.inject({
        method: 'GET',
        url: `/api/students/get_students/0/${admin.schoolId}/?search=${encodeURIComponent(search)}`,
        headers: admin.auth,
      }),
    );
    const [line, ...others] = requestLines(of);
    expect(others).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/api/students/get_students/:class/:school/',
      status: 200,
      school: admin.schoolId,
      reqId: expect.any(String),
      ms: expect.any(Number),
    });
    const text = JSON.stringify(of);
    expect(text).not.toContain('Wairimu');
    expect(text).not.toContain('search');
    expect(text).not.toContain(admin.token);
  });

  it('logs a sign-in without the phone, the password or the tokens', async () => {
    const phone = uniquePhone();
    let registered: SignedInSchool | undefined;
    const of = await logged(async () => {
      registered = await registerSchool(t.app, 'Another Log School');
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login/',
        payload: { username: phone, password: 'not-the-password-9' },
      });
    });
    expect(requestLines(of).map((l) => [l.route, l.status])).toEqual([
      ['/api/schools/register_school/', 201],
      ['/api/users/login/', 200],
      ['/api/users/login/', 401],
    ]);
    const text = JSON.stringify(of);
    expect(text).not.toContain(phone);
    expect(text).not.toContain(registered!.phone);
    expect(text).not.toContain(registered!.refresh);
    expect(text).not.toContain('not-the-password-9');
    expect(text).not.toContain('secret123');
  });

  it('logs a failed query with the request id, its SQL and error code, and none of its parameters', async () => {
    const cls = await createClassFixture(t.app, admin, 'Form 2');
    const child = studentBody({
      first_name: 'Wairimu',
      last_name: 'Njambi',
      date_of_birth: '2013-07-21',
    });
    // The database refuses this child, so the admission's insert fails as a bug would.
    await t.app.db.execute(
      sql`alter table students add constraint logging_test_refuses check (first_name <> 'Wairimu')`,
    );
    try {
      const of = await logged(() =>
        t.app.inject({
          method: 'POST',
          url: `/api/classes/${cls.id}/add_student/?search=Wairimu`,
          headers: admin.auth,
          payload: child,
        }),
      );
      const [request] = requestLines(of);
      expect(request).toMatchObject({ route: '/api/classes/:id/add_student/', status: 500 });
      const error = of.find((l) => l.level === 50) as { reqId: string; err: unknown };
      expect(error.reqId).toBe(request!.reqId);
      expect(error.err).toMatchObject({
        type: 'DrizzleQueryError',
        sql: expect.stringMatching(/^insert into "students" .* values \(default, \$1, \$2/),
        cause: { code: '23514', table: 'students', constraint: 'logging_test_refuses' },
      });
      const text = JSON.stringify(of);
      for (const personal of [
        'Wairimu',
        'Njambi',
        '2013-07-21',
        child.parent.phone_number,
        child.parent.email!,
        'Mwangi',
      ]) {
        expect(text, personal).not.toContain(personal);
      }
    } finally {
      await t.app.db.execute(sql`alter table students drop constraint logging_test_refuses`);
    }
  });

  it('keeps a driver message but not the value it quotes', async () => {
    const err = await t.app.db
      .execute(sql`select ${'Wairimu Njambi'}::int, ${'0712345678'}::text`)
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(err).toBeDefined();
    const serialized = serializeError(err);
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('Wairimu');
    expect(text).not.toContain('0712345678');
    expect(text).toContain('select $1::int, $2::text');
    expect(text).toContain('"code":"22P02"');
    expect(text).toContain('invalid input syntax for type integer');
  });

  it('redacts authorization headers, cookies, passwords and tokens', async () => {
    const of = await logged(async () => {
      t.app.log.info(
        {
          req: { headers: { authorization: 'Bearer abc.def', cookie: 'sid=xyz' } },
          body: { password: 'hunter22', new_password: 'hunter23', refresh: 'r.e.f' },
          tokens: { access: 'a.c.c' },
        },
        'something',
      );
    });
    const text = JSON.stringify(of);
    for (const secret of ['abc.def', 'sid=xyz', 'hunter22', 'hunter23', 'r.e.f', 'a.c.c']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });
});

import { NOTHING_TO_CHANGE_MESSAGE } from '@shule/shared/fields';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { hashPassword } from '../modules/auth/passwords';
import { paybillToken } from '../modules/mpesa/paybill';
import { login, testDriver, useTestApp } from './app';
import { type FakeDaraja, startFakeDaraja } from './fake-daraja';

/**
 * No input answers 5xx. Every route the app's OpenAPI description lists (so a new route is
 * covered without anyone listing it) gets a few hundred generated bad inputs, sent by a signed-in
 * admin: wrong types, null/arrays/text as the body, huge strings, control characters, deep
 * nesting, __proto__ keys, impossible dates, bad ids and another school's ids in the path,
 * bodies built from the route's JSON schema with one field spoiled, other content types.
 * The seed is fixed, so a failure reproduces; each failure names the route and the input.
 */
const SEED = 7_2026;
const INPUTS_PER_ROUTE = 200;

const { t, schools, create } = useTestApp('Fuzz Academy', 'Other School');
/** The callbacks' secret (SMS reports, M-Pesa): a path `{token}` holds it, so bodies get read. */
const CALLBACK_TOKEN = 'fuzz-callback-token-'.padEnd(40, 'z');
const [admin, other] = schools;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  maximum?: number;
  nullable?: boolean;
}
interface Operation {
  parameters?: { in: 'path' | 'query'; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}
interface Case {
  path: Record<string, string>;
  query: [string, string][] | string;
  body: { payload?: string | Buffer; contentType?: string };
}

const hugeText = 'x'.repeat(200_000);
const deeplyNested = `${'['.repeat(5000)}${']'.repeat(5000)}`;
const deepObject = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;

/** Values a field should never accept, as JSON values. */
const badValues: unknown[] = [
  null,
  [],
  [1, 2],
  {},
  { __proto__: { admin: true } },
  '',
  ' ',
  '\u0000',
  'Form\u00001',
  'a\u0007b\u001b[31m',
  'line\nbreak\ttab',
  '\u202e\ufeff',
  '😀'.repeat(300),
  'x'.repeat(5000),
  hugeText,
  '2024-02-30',
  '0000-01-01',
  '9999-12-31',
  '1899-12-31',
  '-0001-01-01',
  '2024-13-01T00:00:00Z',
  '99999999999',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '1e400',
  'NaN',
  'Infinity',
  'null',
  'true',
  "'; drop table schools; --",
  '../../../etc/passwd',
  '%00',
  0,
  -1,
  1.5,
  2 ** 31,
  99999999999,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  true,
  false,
];

/** Raw request bodies that are not what any route expects. */
const rawBodies: Case['body'][] = [
  { payload: 'null', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: '42', contentType: 'application/json' },
  { payload: '{', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: '\u0000', contentType: 'application/json' },
  { payload: deeplyNested, contentType: 'application/json' },
  { payload: deepObject, contentType: 'application/json' },
  {
    payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
    contentType: 'application/json',
  },
  { payload: '{"constructor":{"prototype":{"polluted":true}}}', contentType: 'application/json' },
  { payload: JSON.stringify({ a: hugeText }), contentType: 'application/json' },
  { payload: 'hello', contentType: 'text/plain' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  {
    payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--\r\n',
    contentType: 'multipart/form-data',
  },
  { payload: 'not multipart at all', contentType: 'multipart/form-data; boundary=zzz' },
  { payload: Buffer.from([0xff, 0xfe, 0x00, 0x01]), contentType: 'application/octet-stream' },
  { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
  { payload: '{"a":1}', contentType: 'application/xml' },
];

/** A multipart body with one part (the upload route's format), its name and bytes generated. */
const multipartBody = fc
  .record({
    field: fc.constantFrom('file', 'photo', '', 'file"; filename="../x.png', '\u0000'),
    filename: fc.constantFrom('photo.png', '', '../../etc/passwd', 'a\u0000.png', 'x'.repeat(2000)),
    type: fc.constantFrom('image/png', 'image/jpeg', 'text/html', '', 'image/png\r\nX-Evil: 1'),
    content: fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
      fc.constant(new Uint8Array([0xff, 0xd8, 0xff])),
    ),
    parts: fc.integer({ min: 1, max: 3 }),
  })
  .map(({ field, filename, type, content, parts }): Case['body'] => {
    const boundary = 'fuzzboundary';
    const part = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
    return {
      payload: Buffer.concat([...Array(parts).fill(part), Buffer.from(`--${boundary}--\r\n`)]),
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  });

const badValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...badValues) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true })) },
);
const badText = badValue.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));

/** A plausible value for a field, so a body passes every field but the spoiled one. */
function plausible(schema: JsonSchema | undefined, name: string, ids: number[]): unknown {
  if (!schema) return 'x';
  if (schema.anyOf?.length) return plausible(schema.anyOf.at(-1), name, ids);
  if (schema.enum?.length) return schema.enum.at(-1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, s]) => [key, plausible(s, key, ids)]),
    );
  }
  if (type === 'array') return [plausible(schema.items, name, ids)];
  if (type === 'integer' || type === 'number') return ids[name.length % ids.length] ?? 1;
  if (type === 'boolean') return true;
  if (name === 'refresh') return admin.refresh;
  if (schema.format === 'email') return 'fuzz@example.com';
  if (schema.pattern?.includes('0\\d{9}')) return '0712345678';
  if (schema.pattern === '^\\d+$') return '00100';
  if (name.endsWith('date') || name === 'date_of_birth') return '2024-03-01';
  // A moment (a payment's paid_at): in the past, with its zone.
  if (name.endsWith('_at')) return '2024-03-01T08:00:00Z';
  if (name.includes('password')) return 'secret123';
  return 'Fuzz value';
}

/** Every leaf path of a plausible body, so one of them can be spoiled. */
function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  const entries = Object.entries(value);
  if (entries.length === 0) return [prefix];
  return [prefix, ...entries.flatMap(([key, v]) => leafPaths(v, [...prefix, key]))];
}

function withValueAt(body: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = { ...(body as Record<string, unknown>) };
  copy[head] = withValueAt(copy[head], rest, value);
  return copy;
}

function caseArbitrary(
  operation: Operation,
  ids: { own: number[]; other: number[] },
  callbackToken = CALLBACK_TOKEN,
) {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const anyId = [...ids.own, ...ids.other];

  const idText = fc.oneof(
    { weight: 3, arbitrary: badText },
    { weight: 2, arbitrary: fc.constantFrom(...ids.other.map(String)) },
    { weight: 1, arbitrary: fc.constantFrom(...ids.own.map(String), '0') },
  );
  const path = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        p.name === 'token' ? fc.oneof(fc.constant(callbackToken), idText) : idText,
      ]),
    ),
  );

  const plausibleQuery = queryParams.map((p): [string, string] => [
    p.name,
    String(plausible(p.schema, p.name, anyId)),
  ]);
  const query = fc.oneof(
    fc.constant<[string, string][]>(plausibleQuery),
    fc.tuple(fc.nat(), badText, fc.boolean()).map(([i, value, repeat]): [string, string][] => {
      if (plausibleQuery.length === 0) return [['unexpected', value]];
      const at = i % plausibleQuery.length;
      const name = plausibleQuery[at]![0];
      const spoiled: [string, string][] = plausibleQuery.map((q, j) =>
        j === at ? [name, value] : q,
      );
      return repeat ? [...spoiled, [name, '1']] : spoiled;
    }),
    fc.constantFrom(
      '%zz',
      'a=%E0%A4%A',
      '__proto__[x]=1',
      'constructor[prototype][x]=1',
      `q=${'x'.repeat(10_000)}`,
    ),
  );

  const base = bodySchema ? plausible(bodySchema, '', anyId) : {};
  const leaves = leafPaths(base);
  const json = (value: unknown): Case['body'] => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
  });
  const body = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.nat(), badValue)
        .map(([i, v]) => json(withValueAt(base, leaves[i % leaves.length]!, v))),
    },
    { weight: 2, arbitrary: badValue.map(json) },
    { weight: 1, arbitrary: fc.constant(json(base)) },
    { weight: 1, arbitrary: fc.constantFrom(...rawBodies) },
    { weight: 1, arbitrary: multipartBody },
    { weight: 1, arbitrary: fc.constant<Case['body']>({}) },
  );
  return fc.record({ path, query, body });
}

function describeCase(c: Case) {
  const short = (v: unknown) => {
    const text =
      typeof v === 'string' ? v : Buffer.isBuffer(v) ? `<${v.length} bytes>` : JSON.stringify(v);
    return JSON.stringify(
      text && text.length > 200 ? `${text.slice(0, 200)}…(${text.length})` : text,
    );
  };
  return `path ${short(c.path)} query ${short(c.query)} body ${c.body.contentType ?? 'none'} ${short(c.body.payload)}`;
}

/** Rows of both schools, so paths name real ids of our school and of another one. */
async function idsOfBothSchools() {
  const rows = async (who: typeof admin) => {
    const cls = await create(who, '/api/classes/', { name: 'Form 1' });
    const exam = await create(who, '/api/grades/exams/', {
      name: 'Opener',
      start_date: '2024-01-08',
      end_date: '2024-01-12',
    });
    const year = await create(who, '/api/fees/academic_years/', {
      name: '2024',
      start_date: '2024-01-01',
      end_date: '2024-12-31',
    });
    const subject = await create(who, '/api/grades/subjects/', { name: 'Maths', code: 'MAT' });
    const grade = await create(who, '/api/grades/grades/', { name: 'Excellent', code: 'A' });
    return [cls.class.id, exam.id, year.id, subject.id, grade.id, who.schoolId] as number[];
  };
  return { own: await rows(admin), other: await rows(other) };
}

/** Every route of the app's OpenAPI description: a new route is covered without being listed. */
async function openApiRoutes() {
  await t.app.ready();
  const spec = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const routes = Object.entries(spec.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ path, method, operation })),
  );
  expect(routes.length).toBeGreaterThan(40);
  return routes;
}

/**
 * The admin signed in again. A generated body can be a valid password change (the current
 * password is plausible, and "2024-13-01T00:00:00Z" is letters and digits), so the admin's
 * password is put back first.
 */
async function signInAfresh() {
  await t.app.db
    .update(users)
    .set({ passwordHash: await hashPassword('secret123') })
    .where(eq(users.id, admin.userId));
  return login(t.app, admin.phone, 'secret123');
}

/** The token a callback path takes: a Paybill's names the admin's school (modules/mpesa). */
const callbackTokenOf = (path: string) =>
  /\/(paybill|mpesa\/c2b_)/.test(path)
    ? paybillToken(t.app.config.mpesa!, admin.schoolId)
    : CALLBACK_TOKEN;

let ids: { own: number[]; other: number[] };
let daraja: FakeDaraja;
beforeAll(async () => {
  ids = await idsOfBothSchools();
  t.app.config.sms.callbackToken = CALLBACK_TOKEN;
  // M-Pesa against the fake Daraja, so a valid push is taken (its callbacks go nowhere).
  daraja = await startFakeDaraja();
  t.app.config.mpesa = daraja.config('http://127.0.0.1:9', CALLBACK_TOKEN);
});
afterAll(() => daraja?.close());

// 200 inputs for each of ~150 routes: about 2 minutes on a quiet machine, over 5 on a busy one.
it('answers every generated bad input on every route without a 5xx', {
  timeout: 900_000,
}, async () => {
  const routes = await openApiRoutes();

  const failures: string[] = [];
  const statuses: Record<number, number> = {};
  let sent = 0;
  const started = performance.now();
  for (const [index, route] of routes.entries()) {
    // Logout, refresh and change_password may end the session: each route starts signed in.
    const session = await signInAfresh();
    const cases = fc.sample(caseArbitrary(route.operation, ids, callbackTokenOf(route.path)), {
      seed: SEED + index,
      numRuns: INPUTS_PER_ROUTE,
    });
    for (const c of cases) {
      const url =
        route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(c.path[name] ?? ''),
        ) +
        (typeof c.query === 'string'
          ? `?${c.query}`
          : c.query.length
            ? `?${c.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`
            : '');
      const hasBody = c.body.contentType !== undefined && route.method !== 'get';
      const res = await t.app.inject({
        method: route.method.toUpperCase() as 'GET',
        url,
        headers: {
          ...session.auth,
          ...(hasBody ? { 'content-type': c.body.contentType } : {}),
        },
        ...(hasBody ? { payload: c.body.payload } : {}),
      });
      sent += 1;
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500) {
        failures.push(
          `${route.method.toUpperCase()} ${route.path} → ${res.statusCode} ${res.body.slice(0, 120)}\n    ${describeCase(c)}`,
        );
      }
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(
    `fuzz (${testDriver}): ${routes.length} routes, ${sent} inputs in ${seconds} s; statuses ${JSON.stringify(statuses)}; ${failures.length} answered 5xx`,
  );
  expect(failures, failures.join('\n')).toEqual([]);
});

/**
 * The bounds every route inherits from the shared fields, answered exactly: a path id no row can
 * have is 404; an id or number past int4, a date in year 0000 or 10000, and a NUL or another
 * control character in any text field are 400 with that field's message; an empty PATCH is 400
 * "Nothing to change". Cases come from each route's OpenAPI schema, so a new route is held to
 * them without being listed here.
 */
describe('bounded input on every route', () => {
  const OUT_OF_RANGE_IDS = ['2147483648', '99999999999', '0', '-1'];
  const BAD_DATES = ['0000-01-01', '10000-01-01', '1899-12-31', '2101-01-01'];
  const CONTROL_TEXT = ['Fu\u0000zz', 'Fu\u0007zz', 'Fu\u001bzz', 'Fu\u007fzz', 'Fu\u0085zz'];

  interface Expectation {
    route: string;
    input: string;
    send: () => Promise<LightMyRequestResponse>;
    status: number;
    field?: string;
    message?: string;
  }

  const isDateField = (name: string, schema: JsonSchema) =>
    name.endsWith('date') || name === 'date_of_birth' || schema.format === 'date';
  const typeOf = (schema: JsonSchema | undefined) =>
    Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  const schemaAt = (schema: JsonSchema | undefined, leaf: string[]): JsonSchema | undefined => {
    let at = schema;
    for (const key of leaf) at = (at?.anyOf?.at(-1) ?? at)?.properties?.[key];
    return at?.anyOf?.length ? at.anyOf.find((s) => typeOf(s) !== 'null') : at;
  };

  /** What a field of this schema must refuse: ids past int4, bad years, control characters. */
  const outOfBounds = (name: string, schema: JsonSchema | undefined): unknown[] => {
    const type = typeOf(schema);
    if (type === 'integer' || type === 'number') {
      // Money in cents is a bigint with a larger bound of its own (MAX_AMOUNT_CENTS): one past it.
      const max = typeof schema?.maximum === 'number' ? schema.maximum : undefined;
      return max !== undefined && max > 2147483647
        ? [max + 1, 99999999999]
        : [2147483648, 99999999999];
    }
    if (type !== 'string' || schema?.enum) return [];
    return isDateField(name, schema ?? {}) ? [...BAD_DATES, ...CONTROL_TEXT] : CONTROL_TEXT;
  };

  async function expectations(): Promise<Expectation[]> {
    const routes = await openApiRoutes();
    const anyId = [...ids.own, ...ids.other];
    const out: Expectation[] = [];
    for (const { path, method, operation } of routes) {
      const route = `${method.toUpperCase()} ${path}`;
      const params = operation.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const body = bodySchema ? plausible(bodySchema, '', anyId) : undefined;
      const query = queryParams.map((p): [string, string] => [
        p.name,
        String(plausible(p.schema, p.name, anyId)),
      ]);
      const urlOf = (pathValues: Record<string, string>, q: [string, string][]) =>
        path.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(
            pathValues[name] ?? (name === 'token' ? callbackTokenOf(path) : String(ids.own[0])),
          ),
        ) + (q.length ? `?${q.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` : '');
      const send = (url: string, payload?: unknown) => () =>
        t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: {
            ...admin.auth,
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
        });
      const withBody = body === undefined || method === 'get' ? undefined : body;

      for (const p of pathParams) {
        for (const id of OUT_OF_RANGE_IDS) {
          if (id === '0' && path.includes(`{${p.name}}`) && p.name === 'class') continue; // class 0: every class
          out.push({
            route,
            input: `path ${p.name}=${id}`,
            send: send(urlOf({ [p.name]: id }, query), withBody),
            status: 404,
            message: 'Not found',
          });
        }
      }

      for (const [at, [name]] of query.entries()) {
        const schema = schemaAt(queryParams[at]?.schema, []);
        const spoilWith = (value: string) =>
          query.map(([k, v], i): [string, string] => [k, i === at ? value : v]);
        for (const value of outOfBounds(name, schema).map(String)) {
          out.push({
            route,
            input: `query ${name}=${JSON.stringify(value)}`,
            send: send(urlOf({}, spoilWith(value)), withBody),
            status: 400,
            field: name,
          });
        }
      }

      if (withBody !== undefined) {
        for (const leaf of leafPaths(withBody).filter((l) => l.length > 0)) {
          const schema = schemaAt(bodySchema, leaf);
          const name = leaf.at(-1)!;
          for (const value of outOfBounds(name, schema)) {
            out.push({
              route,
              input: `body ${leaf.join('.')}=${JSON.stringify(value)}`,
              send: send(urlOf({}, query), withValueAt(withBody, leaf, value)),
              status: 400,
              field: leaf.join('.'),
            });
          }
          // A map keyed by ids ({"12": 60}): a key past int4 or with a control character.
          const values =
            typeof schema?.additionalProperties === 'object'
              ? schema.additionalProperties
              : undefined;
          if (typeOf(schema) === 'object' && values) {
            for (const key of ['2147483648', '99999999999', '1\u0000']) {
              out.push({
                route,
                input: `body ${leaf.join('.')} key ${JSON.stringify(key)}`,
                send: send(
                  urlOf({}, query),
                  withValueAt(withBody, leaf, { [key]: plausible(values, key, anyId) }),
                ),
                status: 400,
                field: `${leaf.join('.')}.${key}`,
              });
            }
          }
        }
      }

      if (method === 'patch') {
        out.push({
          route,
          input: 'body {}',
          send: send(urlOf({}, query), {}),
          status: 400,
          message: NOTHING_TO_CHANGE_MESSAGE,
        });
        // Only unknown fields: nothing to change too, unless the route needs a field (its message).
        out.push({
          route,
          input: 'body {"not_a_field":"x"}',
          send: send(urlOf({}, query), { not_a_field: 'x' }),
          status: 400,
        });
      }
    }
    return out;
  }

  it('answers ids past int4, years 0000 and 10000, control characters and empty changes with 400/404 and the field', {
    timeout: 300_000,
  }, async () => {
    // The test above signs the admin out everywhere (POST /users/sessions/end_all/): sign in
    // afresh.
    Object.assign(admin, await signInAfresh());
    const cases = await expectations();
    expect(cases.length).toBeGreaterThan(300);
    const failures: string[] = [];
    for (const c of cases) {
      const res = await c.send();
      let answer: { message?: string; errors?: Record<string, string[]> } = {};
      try {
        answer = res.json();
      } catch {
        // Not JSON (a PDF, an empty 204): the status tells.
      }
      const fieldMessage = c.field ? answer.errors?.[c.field]?.[0] : undefined;
      const wrong =
        res.statusCode !== c.status ||
        (c.message !== undefined && answer.message !== c.message) ||
        (c.field !== undefined && !fieldMessage);
      if (wrong)
        failures.push(`${c.route} ${c.input} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema/index';

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

/**
 * Tables that are not one school's data: the schools themselves, sign-in bookkeeping (sessions
 * carry the school a user had at sign-in, none for a plain sign-up), and what
 * a user without a school may write too (their school_id may be null): the audit log (a plain
 * sign-up's sign-ins) and idempotency keys; the SMS gateway's hold, which is the one
 * gateway account's, shared by every school of the installation; and what proves a phone is a
 * person's (one-time codes and the account SMS that carry them), sent before any school exists.
 */
const NOT_SCHOOL_SCOPED = [
  'schools',
  'users',
  'roles',
  'user_roles',
  'refresh_tokens',
  'sessions',
  'throttle_counters',
  'audit_log',
  'idempotency_keys',
  'sms_gateway_holds',
  'one_time_codes',
  'account_sms',
];

describe('the Drizzle schema', () => {
  it('has the first tables: schools, users, classes, students, parents', () => {
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['schools', 'users', 'roles', 'user_roles', 'refresh_tokens']),
    );
  });

  it.each(tables.filter((t) => !NOT_SCHOOL_SCOPED.includes(t.name)).map((t) => [t.name, t]))(
    '%s carries school_id NOT NULL, referencing schools',
    (_, table) => {
      const column = table.columns.find((c) => c.name === 'school_id');
      expect(column?.notNull).toBe(true);
      const references = table.foreignKeys.map((fk) => fk.reference());
      expect(
        references.some(
          (r) =>
            r.columns.map((c) => c.name).join() === 'school_id' &&
            getTableConfig(r.foreignTable).name === 'schools',
        ),
      ).toBe(true);
    },
  );

  it('keeps users linked to their school (null only for plain sign-ups)', () => {
    const users = tables.find((t) => t.name === 'users')!;
    expect(users.columns.find((c) => c.name === 'school_id')?.notNull).toBe(false);
    expect(
      users.indexes.some((i) => i.config.unique && i.config.name === 'users_phone_number_key'),
    ).toBe(true);
  });
});

describe('the committed migrations', () => {
  const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const last = journal.entries.at(-1)!;
  const snapshot = JSON.parse(
    readFileSync(
      path.join(folder, `meta/${String(last.idx).padStart(4, '0')}_snapshot.json`),
      'utf8',
    ),
  ) as { tables: Record<string, { name: string; columns: Record<string, { notNull: boolean }> }> };

  it('have a SQL file for every journal entry', () => {
    for (const entry of journal.entries) {
      expect(() => readFileSync(path.join(folder, `${entry.tag}.sql`))).not.toThrow();
    }
  });

  it.each(tables.map((t) => [t.name, t]))(
    'are generated from the current schema: table %s and its columns',
    (name, table) => {
      const migrated = snapshot.tables[`public.${name}`];
      expect(migrated, `table ${name} has no migration: run npm run db:generate`).toBeDefined();
      const columns = Object.fromEntries(
        Object.entries(migrated!.columns).map(([column, c]) => [column, c.notNull]),
      );
      expect(columns).toEqual(Object.fromEntries(table.columns.map((c) => [c.name, c.notNull])));
    },
  );
});

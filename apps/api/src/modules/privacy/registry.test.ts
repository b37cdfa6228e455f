import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { createTestApp, type TestApp } from '../../test/app';
import {
  NOT_A_CHILDS_OR_PARENTS,
  PERSONAL_COLUMN_NAMES,
  PERSONAL_DATA,
  tableName,
} from './registry';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The migrated database's tables and their columns, as PostgreSQL describes them. */
async function databaseColumns(db: Db) {
  const rows = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() order by table_name, ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of rows) {
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
  }
  return tables;
}

/** What the registry misses of the database: each problem as a sentence, none when complete. */
async function registryGaps(db: Db) {
  const tables = await databaseColumns(db);
  const registered = new Map(PERSONAL_DATA.map((entry) => [tableName(entry.table), entry]));
  const gaps: string[] = [];
  for (const [table, columns] of tables) {
    const personal = columns.filter((c) =>
      (PERSONAL_COLUMN_NAMES as readonly string[]).includes(c),
    );
    if (personal.length > 0 && !registered.has(table) && !(table in NOT_A_CHILDS_OR_PARENTS)) {
      gaps.push(`${table} (${personal.join(', ')}) is not in the personal-data registry`);
    }
  }
  const sides = new Set<string>();
  for (const entry of PERSONAL_DATA) {
    const table = tableName(entry.table);
    const side = `${table} of the ${entry.of}`;
    if (sides.has(side)) gaps.push(`${side} is listed twice`);
    sides.add(side);
    const columns = tables.get(table);
    if (!columns) {
      gaps.push(`${table} is in the registry but not in the database`);
      continue;
    }
    for (const column of Object.keys(entry.notExported ?? {})) {
      if (!columns.includes(column)) gaps.push(`${table}.${column} (not exported) does not exist`);
    }
    if (entry.erase.rows === 'delete') continue;
    const treated = Object.keys(entry.erase.columns);
    for (const column of columns) {
      if (!treated.includes(column)) gaps.push(`${table}.${column} has no erasure rule`);
    }
    for (const column of treated) {
      if (!columns.includes(column)) gaps.push(`${table}.${column} has a rule but no column`);
    }
  }
  return gaps;
}

describe('the personal-data registry', () => {
  it("names every table of the migrated database that holds a child's or a parent's data", async () => {
    expect(await registryGaps(t.app.db)).toEqual([]);
  });

  it('fails for a new table with a student_id or parent_id, or a new column of a kept row', async () => {
    const { db } = t.app;
    await db.execute(sql`create table fee_payments (id serial primary key, student_id integer)`);
    await db.execute(sql`create table attendance_notes (id serial primary key, parent_id integer)`);
    await db.execute(sql`alter table students add column nickname text`);
    try {
      expect(await registryGaps(db)).toEqual([
        'attendance_notes (parent_id) is not in the personal-data registry',
        'fee_payments (student_id) is not in the personal-data registry',
        'students.nickname has no erasure rule',
      ]);
    } finally {
      await db.execute(sql`drop table fee_payments`);
      await db.execute(sql`drop table attendance_notes`);
      await db.execute(sql`alter table students drop column nickname`);
    }
  });
});

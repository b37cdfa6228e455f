import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The database, whichever driver is behind it: both speak PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** PostgreSQL at `url`, migrated to the latest schema. */
export async function openPostgres(url: string): Promise<Database> {
  // No JIT: a request's queries run in milliseconds, and compiling one whose plan the planner
  // overestimates (a lateral per student) costs hundreds.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  // An idle connection dropped by the server (restart, failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.error(`PostgreSQL closed an idle connection: ${err.message}`));
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder });
  return { db: db as unknown as Db, close: () => pool.end() };
}

/**
 * Makes a new PGlite database in `dataDir` unless one is there. PGlite writes a new database
 * file by file and marks the folder as a database (PG_VERSION) before its configuration files,
 * so a process killed at that moment left a folder that never opened again. The database is
 * therefore made in a folder beside and moved into place whole.
 */
async function createPgliteOnce(dataDir: string) {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const draft = `${dataDir}.new`;
  rmSync(draft, { recursive: true, force: true });
  const fresh = new PGlite(draft);
  await fresh.waitReady;
  await fresh.close();
  // Without PG_VERSION the folder holds at most a creation that was interrupted.
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(draft, dataDir);
}

/**
 * Embedded PGlite in `dataDir` (in memory when undefined), migrated to the latest schema.
 * `template` is a dump of an already migrated database, which opens several times faster.
 */
export async function openPglite(dataDir?: string, template?: Blob): Promise<Database> {
  if (dataDir !== undefined && !template) await createPgliteOnce(dataDir);
  // One options object: PGlite reads a second argument only when the first is a data dir, so
  // `new PGlite(undefined, { loadDataDir })` would quietly start an empty database.
  const client = new PGlite({ dataDir, ...(template ? { loadDataDir: template } : {}) });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, close: () => client.close() };
}

/** A dump of a freshly migrated PGlite database, to open copies of it quickly (tests). */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = new PGlite();
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

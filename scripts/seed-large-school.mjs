#!/usr/bin/env node
// Seeds a whole school of realistic size into Shule's database, to look at the screens at scale:
//   node scripts/seed-large-school.mjs [students] [classes] [subjects]      (2000 16 12 by default)
// It writes to DATABASE_URL when set, otherwise to the embedded database in DATA_DIR (./data),
// which must not be in use by a running Shule (the data folder lock refuses a second opener).
// Prints the admin's login. The rows come from seedLargeSchool (apps/api/src/test/large-school.ts),
// the same school the list tests and the benchmark use.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = (file) => pathToFileURL(path.join(root, 'apps/api/src', file)).href;
const { register } = await import('tsx/esm/api');
register();
const { openPglite, openPostgres } = await import(api('db/client.ts'));
const { DataDirLockedError, lockDataDir } = await import(api('db/data-dir-lock.ts'));
const { seedLargeSchool } = await import(api('test/large-school.ts'));

const [students = 2000, classes = 16, subjects = 12] = process.argv.slice(2).map(Number);
const url = process.env.DATABASE_URL;
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
let release = () => {};
if (!url) {
  mkdirSync(dataDir, { recursive: true });
  try {
    release = await lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
}
const database = url ? await openPostgres(url) : await openPglite(path.join(dataDir, 'pglite'));
try {
  const started = performance.now();
  const school = await seedLargeSchool(database.db, { students, classes, subjects });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded ${school.studentCount} students in ${school.classIds.length} classes with ${school.subjectIds.length} subjects and a marked exam (id ${school.examId}) in ${seconds} s, into ${url ? 'PostgreSQL' : dataDir}.`,
  );
  console.log(`Admin login: phone ${school.admin.phone}, password ${school.admin.password}`);
} finally {
  await database.close();
  release();
}

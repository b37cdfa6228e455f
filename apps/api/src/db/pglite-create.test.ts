import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { roles } from './schema/index';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const parent = mkdtempSync(path.join(tmpdir(), 'shule-pglite-create-'));
const dataDir = path.join(parent, 'pglite');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const filesUnder = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true }).length : 0;

// A first start killed while PGlite wrote the new database (as `npm run crash-check` does) could
// leave a folder marked as a database but without its configuration files, which never opened.
describe.skipIf(process.env.TEST_DB === 'postgres')('a new embedded database', () => {
  it('killed half written, is absent or whole, and the next start opens it', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { openPglite } = await import(${JSON.stringify(path.join(apiDir, 'src/db/client.ts'))});
         await openPglite(${JSON.stringify(dataDir)});`,
      ],
      { cwd: apiDir, stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Half of the ~1,100 files of a new database, wherever PGlite is writing them.
    const deadline = Date.now() + 40_000;
    while (filesUnder(parent) < 500) {
      if (child.exitCode !== null)
        throw new Error('the database was made before it could be killed');
      if (Date.now() > deadline) throw new Error('PGlite wrote no files');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    child.kill('SIGKILL');
    await exited;

    if (existsSync(dataDir)) {
      for (const file of ['PG_VERSION', 'postgresql.conf', 'pg_hba.conf', 'pg_ident.conf']) {
        expect(existsSync(path.join(dataDir, file)), file).toBe(true);
      }
    }
    const database = await openPglite(dataDir);
    try {
      // Migrated: the roles the last migration seeds are there.
      const names = await database.db.select({ name: roles.name }).from(roles);
      expect(names.map((r) => r.name).sort()).toEqual(['admin', 'student', 'teacher']);
    } finally {
      await database.close();
    }
    // The folder beside, where it was being made, is gone.
    expect(readdirSync(parent)).toEqual(['pglite']);
  }, 90_000);
});

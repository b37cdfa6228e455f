import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dumpMigratedPglite, openPglite } from './client';
import { queryRows } from './raw-rows';

// The API tests open every file's database from one migrated template (test/global-setup.ts):
// a template quietly ignored would migrate each database again, at three times the cost.
describe.skipIf(process.env.TEST_DB === 'postgres')('a database opened from a template', () => {
  it('holds what the template held', async () => {
    const template = new PGlite({ loadDataDir: await dumpMigratedPglite() });
    await template.exec(
      'create table template_marker (note text); insert into template_marker values ($$kept$$)',
    );
    const dump = await template.dumpDataDir('none');
    await template.close();

    const opened = await openPglite(undefined, dump);
    const rows = await queryRows<{ note: string }>(
      opened.db,
      sql`select note from template_marker`,
    );
    await opened.close();
    expect(rows).toEqual([{ note: 'kept' }]);
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import type { SignedInSchool } from '../../test/app';
import { authAs, expectStatus, useTestApp } from '../../test/app';
import { multipartForm } from '../../test/multipart';

const { t, call, create, newSchool } = useTestApp();

const sendFile = (auth: Record<string, string>, csv: string, preview = false) => {
  const { payload, headers } = multipartForm([
    { name: 'file', value: csv, filename: 'strands.csv' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/cbc/strands/import/${preview ? '?preview=true' : ''}`,
    headers: { ...auth, ...headers },
    payload,
  });
};

/** A school with Grade 7 (its nine learning areas) and Grade 4 (its eight). */
async function juniorSchool(): Promise<SignedInSchool> {
  const who = await newSchool();
  await create(who, '/api/classes/', { name: '7 East', level: 'Grade 7' });
  await create(who, '/api/classes/', { name: '4 East', level: 'Grade 4' });
  return who;
}

const strandsOf = async (who: SignedInSchool, level: string, area: string) => {
  const { levels } = (await call('GET', '/api/levels/', who.auth)).json();
  const levelId = levels.find((l: { name: string }) => l.name === level).id;
  const { learning_areas } = (
    await call('GET', `/api/cbc/learning_areas/?level=${levelId}`, who.auth)
  ).json();
  const areaId = learning_areas.find((a: { name: string }) => a.name === area).id;
  return (await call('GET', `/api/cbc/strands/?learning_area=${areaId}`, who.auth)).json()
    .strands as { strand: string; sub_strand: string | null }[];
};

const GOOD = [
  'learning_area,grade,strand,sub_strand',
  'Mathematics,Grade 7,Numbers,Integers',
  'Mathematics,7,Numbers,Fractions',
  'mathematics,grade 7,Algebra,',
  'Science and Technology,4,Living Things,Plants',
].join('\n');

describe('the strands import', () => {
  it('previews a file, saving nothing, then imports it all', async () => {
    const who = await juniorSchool();
    const preview = await expectStatus(sendFile(who.auth, GOOD, true), 200);
    expect(preview.json()).toMatchObject({ valid: 4, invalid: 0, file_errors: [] });
    expect(await strandsOf(who, 'Grade 7', 'Mathematics')).toEqual([]);
    const { payload, headers } = multipartForm([{ name: 'file', value: GOOD, filename: 'a.csv' }]);
    const samePreview = await t.app.inject({
      method: 'POST',
      url: '/api/cbc/strands/import/preview/',
      headers: { ...who.auth, ...headers },
      payload,
    });
    expect(samePreview.json()).toEqual(preview.json());

    const done = await expectStatus(sendFile(who.auth, GOOD), 201);
    expect(done.json()).toEqual({ imported: 4, already: 0 });
    expect(await strandsOf(who, 'Grade 7', 'Mathematics')).toMatchObject([
      { strand: 'Numbers', sub_strand: 'Integers' },
      { strand: 'Numbers', sub_strand: 'Fractions' },
      { strand: 'Algebra', sub_strand: null },
    ]);
    expect(await strandsOf(who, 'Grade 4', 'Science and Technology')).toHaveLength(1);
    // The same file again adds nothing and says so.
    expect((await expectStatus(sendFile(who.auth, GOOD), 201)).json()).toEqual({
      imported: 0,
      already: 4,
    });
  });

  it('imports nothing when one row is wrong, naming each problem by row and column', async () => {
    const who = await juniorSchool();
    const csv = [
      'Learning area,Grade,Strand,Sub-strand',
      'Mathematics,Grade 7,Numbers,Integers',
      'Mathematics,Grade 9,Numbers,Integers',
      'Astrology,Grade 7,Stars,',
      'Mathematics,Grade 7,Numbers,Integers',
      'English,Grade 7,,',
    ].join('\n');
    const res = await expectStatus(sendFile(who.auth, csv), 400);
    const body = res.json();
    expect(body.message).toBe('4 rows have problems: nothing was imported. Fix them or skip them.');
    expect(body.rows).toEqual([
      expect.objectContaining({
        row: 3,
        errors: { grade: ['Your school has no level Grade 9: give a class that level first'] },
      }),
      expect.objectContaining({
        row: 4,
        errors: { learning_area: ['Grade 7 has no learning area Astrology: add it first'] },
      }),
      expect.objectContaining({
        row: 5,
        errors: { strand: ['The same strand is also on row 2 of the file'] },
      }),
      expect.objectContaining({ row: 6, errors: { strand: [expect.any(String)] } }),
    ]);
    expect(await strandsOf(who, 'Grade 7', 'Mathematics')).toEqual([]);
  });

  it('says what a file lacks: its columns, its rows, the file itself', async () => {
    const who = await juniorSchool();
    const noColumn = await expectStatus(
      sendFile(who.auth, 'learning_area,strand\nMaths,Numbers'),
      400,
    );
    expect(noColumn.json().message).toBe('The file has no Grade column: add it to the first row');
    const noRows = await expectStatus(sendFile(who.auth, 'learning_area,grade,strand\n'), 400);
    expect(noRows.json().message).toContain('has no strands');
    const noFile = await expectStatus(
      call('POST', '/api/cbc/strands/import/', who.auth, { file: 'x' }),
      400,
    );
    expect(noFile.json().errors.file).toEqual(['Choose a CSV file of strands']);
    await expectStatus(call('POST', '/api/cbc/strands/import/?preview=maybe', who.auth, {}), 400);
  });

  it('is for admins: 401 without a token, 403 to a teacher', async () => {
    await expectStatus(sendFile({}, GOOD), 401);
    const who = await juniorSchool();
    const teacher = await authAs(t.app, who.schoolId, 'teacher');
    await expectStatus(sendFile(teacher, GOOD, true), 403);
  });

  it('reads only the caller’s school: another school’s levels are not found', async () => {
    const theirs = await juniorSchool();
    const who = await newSchool();
    const res = await expectStatus(sendFile(who.auth, GOOD, true), 200);
    expect(res.json()).toMatchObject({ valid: 0, invalid: 4 });
    await expectStatus(sendFile(who.auth, GOOD), 400);
    expect(await strandsOf(theirs, 'Grade 7', 'Mathematics')).toEqual([]);
  });
});

import { gzipSync } from 'node:zlib';
import { parseCsv } from '@shule/shared/csv';
import { MAX_PAGE_SIZE } from '@shule/shared/pagination';
import { STUDENT_CSV_COLUMNS } from '@shule/shared/student-columns';
import type { StudentListResponse } from '@shule/shared/students';
import { describe, expect, it } from 'vitest';
import { countQueries, type SignedInLargeSchool, useSmallAndLargeSchool } from '../../test/app';

const { t, schools } = useSmallAndLargeSchool('079910000');

const get = (school: SignedInLargeSchool, path: string) =>
  t.app.inject({ method: 'GET', url: `/api/students/${path}`, headers: school.who.auth });
const list = (school: SignedInLargeSchool, query: string, classId = 0) =>
  get(school, `get_students/${classId}/${school.schoolId}/${query}`);

/** The students of an exported CSV, by column. */
const studentsOfFile = (csv: string) =>
  parseCsv(csv)
    .slice(1)
    .map(
      ({ cells }) =>
        Object.fromEntries(STUDENT_CSV_COLUMNS.map((c, i) => [c, cells[i] ?? ''])) as Record<
          (typeof STUDENT_CSV_COLUMNS)[number],
          string
        >,
    );

describe('the students list of a school of 2,000', () => {
  it('costs as many queries at 2,000 students as at 20, paged, searched or by class', async () => {
    for (const query of ['', '?page=2&page_size=2', '?search=A', '?search=0700000']) {
      const counts = [];
      for (const school of [schools.small, schools.large]) {
        counts.push(
          await countQueries(t.app, async () => {
            expect((await list(school, query)).statusCode).toBe(200);
            expect((await list(school, query, school.classIds[1])).statusCode).toBe(200);
          }),
        );
      }
      expect(counts, query).toEqual([2, 2]);
    }
  });

  it('answers a full page in well under 50 KB compressed, and counts them all', async () => {
    const res = await list(schools.large, `?page_size=${MAX_PAGE_SIZE}&page=2`);
    const page: StudentListResponse = res.json();
    expect(page.students).toHaveLength(MAX_PAGE_SIZE);
    expect(page.total).toBe(2000);
    expect(gzipSync(res.rawPayload).length).toBeLessThan(50_000);
    // In name order across pages.
    const names = page.students.map((s) => `${s.first_name} ${s.last_name}`);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('finds, ignoring case, exactly the students whose name, number or parent phone match', async () => {
    const all = studentsOfFile((await get(schools.large, 'export/')).body);
    expect(all).toHaveLength(2000);
    const expected = (term: string) =>
      all
        .filter(
          (s) =>
            `${s.first_name} ${s.last_name}`.toLowerCase().includes(term) ||
            `${s.last_name} ${s.first_name}`.toLowerCase().includes(term) ||
            s.admission_number.includes(term) ||
            s.parent_phone.includes(term),
        )
        .map((s) => s.admission_number);
    for (const term of ['mwangi', 'amani o', 'kamau', '0199', '00000012']) {
      const found: StudentListResponse = (
        await list(schools.large, `?search=${encodeURIComponent(term.toUpperCase())}&page_size=100`)
      ).json();
      expect(found.total, term).toBe(expected(term).length);
      expect(found.total, term).toBeGreaterThan(0);
      expect(
        found.students.map((s) => s.admission_number),
        term,
      ).toEqual(expected(term).slice(0, 100));
    }
  });

  it('exports every student of a class, more than a page holds', async () => {
    const classId = schools.large.classIds[0]!;
    const rows = studentsOfFile((await get(schools.large, `export/?class=${classId}`)).body);
    expect(rows).toHaveLength(125);
    expect(new Set(rows.map((s) => s.class)).size).toBe(1);
    expect(rows.every((s) => s.parent_phone !== '')).toBe(true);
  });
});

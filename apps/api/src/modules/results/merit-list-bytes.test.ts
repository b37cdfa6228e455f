import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import {
  packedMeritListResponse,
  packMeritList,
  unpackMeritList,
} from '@shule/shared/results/merit-list-packed';
import { competitionRanksOfNumbers } from '@shule/shared/results/scheme';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInLargeSchool, seedSignedInLargeSchool, useTestApp } from '../../test/app';
import { seedEarlierExam } from '../../test/large-school';
import { meritListFixture } from '../../test/merit-list-fixture';

const { t, call } = useTestApp();

/** A level as the bench has it: 500 students in four streams, 12 subjects, the KCSE scale. */
let school: SignedInLargeSchool;
beforeAll(async () => {
  school = await seedSignedInLargeSchool(t.app, {
    students: 500,
    classes: 4,
    subjects: 12,
    levels: true,
    adminPhone: '0799500500',
  });
  await call('POST', '/api/grades/grades/kcse/', school.who.auth);
  await seedEarlierExam(t.app.db, school);
}, 60_000);

const LEVEL_LIST_MAX_BROTLI_BYTES = 15 * 1024;
/**
 * The fixture's marks are scattered at random around each student's ability, and every row has
 * entry marks: the bytes of the marks themselves, which no packing removes, are most of it.
 */
const SCATTERED_LEVEL_MAX_BROTLI_BYTES = 18 * 1024;

/** Brotli as the API sends an answer above 32 kB (quality 4). */
const brotli = (text: string) =>
  brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });

describe('a level’s merit list on the wire', () => {
  it('is at most 15 kB in Brotli for 500 students of 12 subjects', async () => {
    const res = await call('GET', `/api/exams/${school.examId}/merit_list/?level=Form%201`, {
      ...school.who.auth,
      'accept-encoding': 'br',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThanOrEqual(LEVEL_LIST_MAX_BROTLI_BYTES);

    const list = unpackMeritList(
      packedMeritListResponse.parse(JSON.parse(brotliDecompressSync(res.rawPayload).toString())),
    );
    expect(list.rows).toHaveLength(500);
    expect(list.subjects).toHaveLength(12);
    const [top] = list.rows;
    expect(top?.subjects).toHaveLength(12);
    expect(top?.subjects.every((s) => s.grade !== null && s.position !== null)).toBe(true);
    expect(list.rows.filter((r) => r.deviation !== null)).toHaveLength(500);
  });

  it('is a small part of the rows written out when the marks are scattered', () => {
    const list = meritListFixture({ students: 500, subjects: 12 });
    for (const subject of list.subjects) {
      const results = list.rows.map((r) => r.subjects.find((s) => s.subject === subject.id));
      const places = competitionRanksOfNumbers(
        results.map((s) => (typeof s?.mark === 'number' ? s.mark : null)),
      );
      results.forEach((s, i) => {
        if (s) s.position = places[i]!;
      });
    }
    const packed = brotli(JSON.stringify(packMeritList(list))).length;
    const full = brotli(JSON.stringify(list)).length;
    expect(packed).toBeLessThanOrEqual(SCATTERED_LEVEL_MAX_BROTLI_BYTES);
    expect(packed).toBeLessThan(full * 0.4);
  });
});

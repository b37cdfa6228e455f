import { describe, expect, it } from 'vitest';
import { KCSE_BANDS } from './bands';
import {
  comparableMean,
  compareRankKeys,
  competitionRanks,
  competitionRanksOfNumbers,
  GRADING_SCHEME_LABELS,
  GRADING_SCHEMES,
  gradingScheme,
  rankKey,
  type StudentOutcome,
  subjectMarkInput,
} from './scheme';

const outcome = (o: Partial<StudentOutcome>): StudentOutcome => ({
  subjectCount: 8,
  totalMarks: 464,
  meanMark: 58,
  totalPoints: 55,
  meanPoints: 7.857,
  meanGrade: 'B-',
  countedSubjectIds: [],
  status: 'complete',
  reason: null,
  ...o,
});

describe('gradingScheme', () => {
  it('gives each named scheme, with a label', () => {
    expect(GRADING_SCHEMES).toEqual(['kcse', 'kcse_cluster', 'average', 'cbc']);
    for (const name of GRADING_SCHEMES) {
      expect(gradingScheme(name).name).toBe(name);
      expect(GRADING_SCHEME_LABELS[name]).toBeTruthy();
    }
    expect(GRADING_SCHEMES.map((name) => gradingScheme(name).ranks)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('subjectMarkInput', () => {
  it('grades a numeric mark with the subject’s bands and takes the group from the code', () => {
    expect(subjectMarkInput({ id: 4, code: 'cre', name: 'CRE' }, 79.5, KCSE_BANDS)).toEqual({
      subjectId: 4,
      code: 'cre',
      group: 'humanities',
      name: 'CRE',
      mark: 79.5,
      grade: 'A',
      points: 12,
    });
  });
  it('gives X and Y no grade, and keeps a group the school set', () => {
    expect(subjectMarkInput({ id: 1, code: 'BIO', group: 'technical' }, 'X', KCSE_BANDS)).toEqual({
      subjectId: 1,
      code: 'BIO',
      group: 'technical',
      name: null,
      mark: 'X',
      grade: null,
      points: null,
    });
    expect(subjectMarkInput({ id: 2, code: 'BIO', group: null }, 'Y', KCSE_BANDS)).toMatchObject({
      group: null,
      grade: null,
      points: null,
    });
  });
});

describe('rankKey', () => {
  it('ranks the KCSE rules by total points, then total marks', () => {
    expect(rankKey(gradingScheme('kcse'), outcome({}))).toEqual([55, 464]);
    expect(rankKey(gradingScheme('kcse_cluster'), outcome({ totalPoints: 49 }))).toEqual([49, 464]);
  });
  it('ranks average and cbc by mean mark, then total marks', () => {
    expect(rankKey(gradingScheme('average'), outcome({}))).toEqual([58, 464]);
    expect(rankKey(gradingScheme('cbc'), outcome({ meanMark: 62.4, totalMarks: 312 }))).toEqual([
      62.4, 312,
    ]);
  });
  it('does not rank an incomplete or withheld outcome', () => {
    const kcse = gradingScheme('kcse');
    expect(rankKey(kcse, outcome({ status: 'incomplete', totalPoints: null }))).toBeNull();
    expect(rankKey(kcse, outcome({ status: 'withheld', totalPoints: null }))).toBeNull();
    expect(rankKey(gradingScheme('average'), outcome({ status: 'withheld' }))).toBeNull();
  });
});

describe('competitionRanks', () => {
  it('shares a place between equal keys and skips the next (1, 2, 2, 4)', () => {
    expect(competitionRanks([[60], [55], [55], [50]])).toEqual([1, 2, 2, 4]);
  });
  it('breaks a tie in points by total marks, and answers in input order', () => {
    const keys = [[55, 464], [60, 400], [55, 464], [50, 500], null, [55, 470]];
    expect(competitionRanks(keys)).toEqual([3, 1, 3, 5, null, 2]);
  });
  it('gives null keys no place, and copes with none at all', () => {
    expect(competitionRanks([null, [7.5, 300], null])).toEqual([null, 1, null]);
    expect(competitionRanks([null, null])).toEqual([null, null]);
    expect(competitionRanks([])).toEqual([]);
  });
  it('ranks every student first when all are equal', () => {
    expect(
      competitionRanks([
        [49, 400],
        [49, 400],
        [49, 400],
      ]),
    ).toEqual([1, 1, 1]);
  });
});

describe('competitionRanksOfNumbers', () => {
  it('gives the places competitionRanks gives single keys, ties and nulls included', () => {
    expect(competitionRanksOfNumbers([60, 55, null, 55, 50])).toEqual([1, 2, null, 2, 4]);
    expect(competitionRanksOfNumbers([])).toEqual([]);
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 50; run++) {
      const values = Array.from({ length: Math.floor(next() * 40) }, () =>
        next() < 0.1 ? null : Math.floor(next() * 20) + (next() < 0.2 ? 0.5 : 0),
      );
      expect(competitionRanksOfNumbers(values)).toEqual(
        competitionRanks(values.map((v) => (v === null ? null : [v]))),
      );
    }
  });
});

describe('compareRankKeys', () => {
  it('sorts higher keys first and unranked ones last', () => {
    const keys = [null, [50, 500], [55, 464], null, [55, 470]];
    expect([...keys].sort(compareRankKeys)).toEqual([[55, 470], [55, 464], [50, 500], null, null]);
  });
});

describe('comparableMean', () => {
  const o = outcome({ status: 'complete', meanPoints: 9.143, meanMark: 64 });
  it('is the mean points under the KCSE rules and the mean mark otherwise', () => {
    expect(comparableMean(gradingScheme('kcse'), o)).toBe(9.143);
    expect(comparableMean(gradingScheme('kcse_cluster'), o)).toBe(9.143);
    expect(comparableMean(gradingScheme('average'), o)).toBe(64);
    expect(comparableMean(gradingScheme('cbc'), o)).toBe(64);
  });
  it('is none for an incomplete or withheld result', () => {
    expect(comparableMean(gradingScheme('kcse'), { ...o, status: 'incomplete' })).toBeNull();
    expect(comparableMean(gradingScheme('average'), { ...o, status: 'withheld' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  isBelowExpectations,
  learningAreaTerm,
  levelCounts,
  levelOfMeanPoints,
  strandLevelOf,
  type TermEntry,
} from './cbc-term';

let assessment = 0;
const entry = (changes: Partial<TermEntry>): TermEntry => ({
  assessment: ++assessment,
  kind: 'observation',
  date: '2027-02-01',
  strand: 1,
  level: 'ME',
  absent: false,
  ...changes,
});

describe('a strand level for the term', () => {
  const entries = [
    entry({ date: '2027-02-01', level: 'AE' }),
    entry({ date: '2027-02-08', level: 'AE' }),
    entry({ date: '2027-03-01', level: 'EE' }),
  ];

  it('is the latest assessed, or the most frequent, as the school chose', () => {
    expect(strandLevelOf(entries, 'latest')).toBe('EE');
    expect(strandLevelOf(entries, 'most_frequent')).toBe('AE');
  });

  it('breaks a tie of the most frequent by the latest, and the latest of a day by the later assessment', () => {
    const tied = [
      entry({ date: '2027-02-01', level: 'AE' }),
      entry({ date: '2027-02-09', level: 'ME' }),
    ];
    expect(strandLevelOf(tied, 'most_frequent')).toBe('ME');
    const sameDay = [entry({ level: 'BE' }), entry({ level: 'EE' })];
    expect(strandLevelOf(sameDay, 'latest')).toBe('EE');
  });

  it('ignores an absence: an absent learner is never BE', () => {
    const absent = [
      entry({ level: 'ME' }),
      entry({ date: '2027-03-09', level: null, absent: true }),
    ];
    expect(strandLevelOf(absent, 'latest')).toBe('ME');
    expect(strandLevelOf([entry({ level: null, absent: true })], 'latest')).toBeNull();
  });
});

describe('a learning area for the term', () => {
  it('takes the strands from formative kinds, the summative level from the latest test, the overall from both', () => {
    const term = learningAreaTerm(
      [
        entry({ strand: 1, level: 'EE' }),
        entry({ strand: 2, level: 'ME' }),
        entry({ kind: 'summative_test', strand: null, level: 'AE', date: '2027-03-01' }),
        entry({ kind: 'summative_test', strand: null, level: 'EE', date: '2027-01-20' }),
      ],
      'rubric',
      'latest',
    );
    expect(term.strands).toEqual([
      { strand: 1, level: 'EE' },
      { strand: 2, level: 'ME' },
    ]);
    expect(term.summative).toBe('AE');
    // Strands mean 3.5, summative 2: (3.5 + 2) / 2 = 2.75, rounded 3.
    expect(term.overall).toBe('ME');
  });

  it('reads a test by strands as the mean of its strand levels', () => {
    const term = learningAreaTerm(
      [
        entry({ assessment: 90, kind: 'summative_test', strand: 1, level: 'EE1' }),
        entry({ assessment: 90, kind: 'summative_test', strand: 2, level: 'ME1' }),
      ],
      'kjsea',
      'latest',
    );
    expect(term).toEqual({ strands: [], summative: 'EE2', overall: 'EE2' });
  });

  it('has no overall level when nothing was levelled', () => {
    const term = learningAreaTerm([entry({ level: null, absent: true })], 'rubric', 'latest');
    expect(term).toEqual({ strands: [], summative: null, overall: null });
  });
});

describe('levels of a class', () => {
  it('rounds a mean of points half up', () => {
    expect(levelOfMeanPoints([2, 3], 'rubric')).toBe('ME');
    expect(levelOfMeanPoints([2, 2, 3], 'rubric')).toBe('AE');
    expect(levelOfMeanPoints([], 'rubric')).toBeNull();
  });

  it('counts every level of the scale and knows who is below expectations', () => {
    expect(levelCounts(['ME', 'ME', 'BE', null], 'rubric')).toEqual([
      { level: 'EE', count: 0 },
      { level: 'ME', count: 2 },
      { level: 'AE', count: 0 },
      { level: 'BE', count: 1 },
    ]);
    expect(['BE', 'BE2', 'BE1', 'AE2', null].map(isBelowExpectations)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

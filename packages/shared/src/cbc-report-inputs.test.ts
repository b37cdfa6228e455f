import { describe, expect, it } from 'vitest';
import { levelLabel } from './cbc-assessments';
import {
  CORE_COMPETENCIES,
  CORE_VALUES,
  commentBankBody,
  DEFAULT_COMMENT_BANK,
  RATING_LEVELS,
  REPORT_INPUT_MESSAGES,
  saveCommentsBody,
  saveRatingsBody,
  saveRemarksBody,
} from './cbc-report-inputs';

const firstError = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => [i.path.join('.'), i.message])[0];

describe('progress report inputs', () => {
  it('lists the seven core competencies and eight values, each name once', () => {
    expect(CORE_COMPETENCIES).toHaveLength(7);
    expect(CORE_VALUES).toHaveLength(8);
    expect(new Set([...CORE_COMPETENCIES, ...CORE_VALUES]).size).toBe(15);
  });

  it('prints the words beside each of the four levels, and the bank starts with some at each', () => {
    expect(RATING_LEVELS.map(levelLabel)).toEqual([
      'EE - Exceeding Expectations',
      'ME - Meeting Expectations',
      'AE - Approaching Expectations',
      'BE - Below Expectations',
    ]);
    for (const level of RATING_LEVELS)
      expect(DEFAULT_COMMENT_BANK[level].length).toBeGreaterThan(1);
  });

  it('reads a rating’s level in any case, clears with null, and names a bad entry', () => {
    const ok = saveRatingsBody.parse({
      term: '5',
      entries: [
        { student: 21, name: 'Integrity', level: ' me ' },
        { student: 21, name: 'Citizenship', level: null },
      ],
    });
    expect(ok.entries.map((e) => e.level)).toEqual(['ME', null]);
    expect(
      firstError(
        saveRatingsBody.safeParse({
          term: 5,
          entries: [{ student: 21, name: 'Integrity', level: 'EE1' }],
        }),
      ),
    ).toEqual(['entries.0.level', REPORT_INPUT_MESSAGES.level]);
    expect(
      firstError(
        saveRatingsBody.safeParse({
          term: 5,
          entries: [{ student: 21, name: 'Kindness', level: 'EE' }],
        }),
      ),
    ).toEqual(['entries.0.name', REPORT_INPUT_MESSAGES.name]);
  });

  it('keeps a remark left out as undefined, clears an empty one, and wants at least one', () => {
    const parsed = saveRemarksBody.parse({
      term: 5,
      entries: [
        { student: 21, class_teacher_remark: '  ' },
        { student: 22, head_teacher_remark: 'Good.' },
      ],
    });
    expect(parsed.entries).toEqual([
      { student: 21, class_teacher_remark: null, head_teacher_remark: undefined },
      { student: 22, class_teacher_remark: undefined, head_teacher_remark: 'Good.' },
    ]);
    expect(firstError(saveRemarksBody.safeParse({ term: 5, entries: [{ student: 21 }] }))).toEqual([
      'entries.0.class_teacher_remark',
      REPORT_INPUT_MESSAGES.remarkMissing,
    ]);
  });

  it('clears an empty comment, and bounds a bank comment', () => {
    const parsed = saveCommentsBody.parse({
      term: 5,
      learning_area: 40,
      entries: [{ student: 21, comment: '' }],
    });
    expect(parsed.entries).toEqual([{ student: 21, comment: null }]);
    expect(commentBankBody.parse({ level: 'be', text: ' Tries hard. ' })).toEqual({
      level: 'BE',
      text: 'Tries hard.',
    });
    expect(firstError(commentBankBody.safeParse({ level: 'BE', text: 'x'.repeat(301) }))).toEqual([
      'text',
      'The comment must be at most 300 characters',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  attendanceLine,
  componentsNote,
  feeBalanceLine,
  formatOpeningDate,
  nextTermLine,
  signedNumber,
  subjectColumns,
  summaryBoxes,
  trendScaleTop,
} from './report-card-format';
import { sampleCard, sampleCombinedCard, sampleSummary } from './report-card-sample';

describe('a report form', () => {
  it('has the position boxes and column only where the scheme ranks', () => {
    const ranked = sampleCard();
    expect(summaryBoxes(ranked).map((b) => b.label)).toEqual([
      'MEAN GRADE',
      'TOTAL MARKS',
      'TOTAL POINTS',
      'STREAM POSITION',
      'OVERALL POSITION',
    ]);
    expect(subjectColumns(ranked).map((c) => c.label)).toEqual([
      'SUBJECT',
      'MARK',
      'DEV',
      'GRADE',
      'PTS',
      'POS',
      'COMMENT',
      'TEACHER',
    ]);
    const cbc = sampleCard(0, { ranks: false });
    expect(summaryBoxes(cbc).map((b) => b.label)).toEqual([
      'MEAN GRADE',
      'TOTAL MARKS',
      'TOTAL POINTS',
    ]);
    expect(subjectColumns(cbc).map((c) => c.key)).not.toContain('position');
  });

  it("puts a combined exam's component marks before the combined mark, and says what a * means", () => {
    const card = sampleCombinedCard();
    const columns = subjectColumns(card);
    expect(columns.map((c) => c.label).slice(0, 4)).toEqual([
      'SUBJECT',
      'CAT 1 30%',
      'END TERM 70%',
      'MARK',
    ]);
    const physics = card.subjects.find((r) => r.code === 'PHY')!;
    expect(columns.slice(1, 4).map((c) => c.cell(physics))).toEqual(['X', '58', '58*']);
    expect(componentsNote(card)).toBe(
      'MARK combines CAT 1 (30%) and End term (70%). * A paper was missed (X) or not sat: the weights of the others were rescaled.',
    );
    expect(componentsNote(sampleCard())).toBeNull();
  });

  it('reads each box for this exam and the previous', () => {
    const card = sampleCard();
    const [grade, marks, points, stream, overall] = summaryBoxes(card);
    expect([grade!.value(card.summary), grade!.of(card.summary)]).toEqual(['B', '9.14 pts']);
    expect([marks!.value(card.summary), marks!.of(card.summary)]).toEqual(['512', 'of 800']);
    expect([points!.value(card.previous!), points!.of(card.previous!)]).toEqual(['60', 'of 84']);
    expect([stream!.value(card.summary), stream!.of(card.summary)]).toEqual(['1', 'of 45']);
    expect([overall!.value(card.summary), overall!.of(card.summary)]).toEqual(['1', 'of 125']);
    const incomplete = sampleSummary({
      status: 'incomplete',
      mean_grade: null,
      level_position: null,
    });
    expect([grade!.value(incomplete), grade!.of(incomplete)]).toEqual(['—', 'incomplete']);
    expect(overall!.value(incomplete)).toBe('—');
    const average = sampleCard(0, { summary: sampleSummary({ total_points_of: 108 }) });
    expect(summaryBoxes(average)[0]!.of(average.summary)).toBe('64%');
    expect(trendScaleTop(average)).toBe(100);
    expect(trendScaleTop(card)).toBe(12);
  });

  it('writes a subject row as schools do', () => {
    const card = sampleCard();
    const cells = (i: number) => subjectColumns(card).map((c) => c.cell(card.subjects[i]!));
    expect(cells(0)).toEqual([
      'English',
      '66',
      '-1',
      'B',
      '9',
      '2/124',
      'Good work; keep it up',
      '',
    ]);
    expect(cells(8)).toEqual(['Agriculture', 'X', '', '', '', '', '', '']);
  });

  it('signs deviations and dates the next term', () => {
    expect([-2.5, 0, 5, 0.567, null].map(signedNumber)).toEqual(['-2.5', '0', '+5', '+0.57', '']);
    expect(formatOpeningDate('2027-01-05')).toBe('5 January 2027');
    expect(nextTermLine(sampleCard())).toBe('Next term opens on 1 September 2026.');
    expect(nextTermLine(sampleCard(0, { next_term_opens: null }))).toBeNull();
  });

  it('says attendance as days attended of days recorded, or that no register was taken', () => {
    expect(attendanceLine(sampleCard(0))).toBe('Attendance: 52 of 55 days (94.5%)');
    const none = { recorded: 0, present: 0, absent: 0, late: 0, excused: 0, rate: null };
    expect(attendanceLine(sampleCard(0, { attendance: none }))).toBe(
      'Attendance: no registers taken',
    );
  });

  it('says the fee balance, what is carried forward, or nothing without fees', () => {
    expect(feeBalanceLine(sampleCard())).toBe('Fee balance: KES 12,500.00');
    expect(feeBalanceLine(sampleCard(0, { fee_balance_cents: 0 }))).toBe('Fees: fully paid');
    expect(feeBalanceLine(sampleCard(0, { fee_balance_cents: -50_050 }))).toBe(
      'Fees: fully paid, KES 500.50 carried forward',
    );
    expect(feeBalanceLine(sampleCard(0, { fee_balance_cents: null }))).toBeNull();
  });
});

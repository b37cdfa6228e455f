import type { ProgressReportInputs } from '@shule/shared/cbc-report-inputs';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../test/read-pdf';
import { renderProgressReportsPdf } from './progress-report-pdf';
import type { TermPicture } from './term-picture';

/** A Grade 5 class (the four-level scale) of two learners in two learning areas. */
const picture: TermPicture = {
  school: {
    name: 'Kilimani Primary School',
    postal_address: 'P.O. Box 123-00100, Nairobi',
    county: 'Nairobi',
    phone_number: '0712345678',
    email: null,
    motto: 'Strive to Excel',
    logo: null,
  },
  class: { id: 1, name: '5 Blue', level: 'Grade 5' },
  term: { id: 1, name: 'Term 2', start_date: '2027-04-26', end_date: '2027-07-30' },
  next_term_opens: null,
  scale: 'rubric',
  rule: 'most_frequent',
  areas: [
    { id: 10, name: 'Mathematics' },
    { id: 11, name: 'English' },
  ],
  strandNames: new Map([
    [100, 'Numbers'],
    [101, 'Measurement: Length'],
  ]),
  learners: [
    {
      id: 1,
      name: 'Wanjiru Kamau',
      admission_number: '0101',
      upi: null,
      assessment_number: null,
      takes: new Set([10, 11]),
      areas: new Map([
        [
          10,
          {
            strands: [
              { strand: 100, level: 'ME' },
              { strand: 101, level: 'AE' },
            ],
            summative: 'ME',
            overall: 'ME',
          },
        ],
      ]),
    },
    {
      id: 2,
      name: 'Otieno Odhiambo',
      admission_number: '0102',
      upi: null,
      assessment_number: null,
      takes: new Set([10, 11]),
      areas: new Map(),
    },
  ],
};

const wanjiru: ProgressReportInputs = {
  competencies: [{ name: 'Communication and collaboration', level: 'EE' }],
  values: [{ name: 'Responsibility', level: 'ME' }],
  comments: { 10: 'Works carefully with fractions; should practise measuring.' },
  class_teacher_remark: 'A steady term. Keep reading at home.',
  head_teacher_remark: null,
};

describe('the progress reports PDF', () => {
  it("draws the teachers' ratings, comments and remarks given, and blank lines for those not given", async () => {
    const bytes = await renderProgressReportsPdf({
      picture,
      attendance: new Map(),
      inputs: new Map([[1, wanjiru]]),
    });
    const pdf = readPdf(bytes);
    expect(pdf.pages).toBe(2);
    expect(pdf.lines).toContain('LEARNER PROGRESS REPORT · TERM 2 2027');
    expect(pdf.lines).toContain('Measurement: Length');
    expect(pdf.lines).toContain('Summative assessment');
    expect(pdf.lines).toContain('Approaching Expectations');
    expect(pdf.lines).toContain('Communication and collaboration');
    expect(pdf.lines).toContain('Exceeding Expectations');
    expect(pdf.lines).toContain('Responsibility');
    expect(pdf.text).toContain('Works carefully with fractions');
    expect(pdf.text).toContain('A steady term. Keep reading at home.');
    expect(pdf.lines).toContain("Each strand's level is the one given most often this term.");
    // Otieno has no ratings: no competencies table of his own, his comment lines left blank.
    expect(pdf.lines.filter((l) => l === 'Core competencies')).toHaveLength(1);
    expect(pdf.lines.filter((l) => l === "Teacher's comment:")).toHaveLength(3);
    // No next term set up: no opening date invented.
    expect(pdf.text).not.toContain('Next term opens');
    expect(pdf.text).not.toMatch(/position|rank/i);
  });
});

describe("a senior-school learner's progress report", () => {
  it('lists only the learning areas the learner takes', async () => {
    const [wanjiru, otieno] = picture.learners;
    const bytes = await renderProgressReportsPdf({
      picture: {
        ...picture,
        learners: [wanjiru!, { ...otieno!, takes: new Set([11]) }],
      },
      attendance: new Map(),
      inputs: new Map(),
    });
    const pdf = readPdf(bytes);
    expect(pdf.lines.filter((l) => l.startsWith('Mathematics'))).toHaveLength(1);
    expect(pdf.lines.filter((l) => l.startsWith('English'))).toHaveLength(2);
  });
});

describe('a class of 45 learners', () => {
  it('prints nine learning areas of five strands each within 80 kB a page', async () => {
    const areas = Array.from({ length: 9 }, (_, i) => ({
      id: i + 1,
      name: `Learning area ${i + 1}`,
    }));
    const codes = ['EE1', 'EE2', 'ME1', 'ME2', 'AE1', 'AE2', 'BE1', 'BE2'];
    const strandNames = new Map<number, string>();
    for (const a of areas)
      for (let s = 0; s < 5; s++) strandNames.set(a.id * 10 + s, `Strand ${s + 1}`);
    const learners = Array.from({ length: 45 }, (_, n) => ({
      id: n + 1,
      name: `Learner ${n + 1}`,
      admission_number: String(1000 + n),
      upi: null,
      assessment_number: null,
      takes: new Set(areas.map((a) => a.id)),
      areas: new Map(
        areas.map((a) => [
          a.id,
          {
            strands: Array.from({ length: 5 }, (_, s) => ({
              strand: a.id * 10 + s,
              level: codes[(n + s) % 8]!,
            })),
            summative: codes[n % 8]!,
            overall: codes[(n + 1) % 8]!,
          },
        ]),
      ),
    }));
    const bytes = await renderProgressReportsPdf({
      picture: { ...picture, scale: 'kjsea', areas, strandNames, learners },
      attendance: new Map(),
      inputs: new Map(),
    });
    const pdf = readPdf(bytes);
    // Two pages a learner: the learning areas run on to the second, with the remarks.
    expect(pdf.pages).toBe(90);
    expect(bytes.length / pdf.pages).toBeLessThan(80 * 1024);
  });
});

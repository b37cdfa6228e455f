import { describe, expect, it } from 'vitest';
import { schoolFixture } from '../test/merit-list-fixture';
import { readPdf } from '../test/read-pdf';
import { codeKeyText, drawCodeKey, drawKeyValues } from './blocks';
import { drawSchoolHeader } from './header';
import { FONTS, Printout } from './page';
import { drawTable, fitColumns, type TableColumn, wrapText } from './table';

const MARGINS = { top: 30, bottom: 36, left: 30, right: 30 };
const printedOn = new Date('2026-12-03T09:00:00Z');
const COLUMNS: TableColumn[] = [
  { head: 'NO.', width: 30, align: 'right' },
  { head: 'NAME', width: 200 },
  { head: 'NOTE', width: 150, lines: 3 },
];

const printout = (size: 'A4' | 'A5' = 'A4') =>
  new Printout({ size, margins: MARGINS, school: schoolFixture, title: 'KIT TEST' });

describe('the PDF kit', () => {
  it("prints the school's header, then the title, and a footer with page x of y", async () => {
    const p = printout();
    drawSchoolHeader(p, { notes: ['A note under the title'] });
    const { text, pages } = readPdf(await p.finish('The footer', printedOn));
    expect(pages).toBe(1);
    for (const line of [
      'KILIMANI MIXED SECONDARY SCHOOL',
      'P.O. Box 12345-00100, Nairobi',
      'Tel: 0712345678  ·  Email: info@kilimani.sc.ke',
      'KIT TEST',
      'A note under the title',
      'The footer',
      'Printed 3 Dec 2026  ·  Page 1 of 1',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('opens A5 for a receipt and A4 otherwise', async () => {
    const a5 = (await printout('A5').finish('')).toString('latin1');
    expect(a5).toMatch(/\/MediaBox \[0 0 419\.53 595\.28\]/);
    const a4 = (await printout().finish('')).toString('latin1');
    expect(a4).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(a4).not.toContain('/FontFile');
  });

  it('breaks a long table across pages, the title and heads again on each, every row once', async () => {
    const p = printout();
    drawSchoolHeader(p);
    const rows = Array.from({ length: 150 }, (_, i) => ({
      cells: [
        String(i + 1),
        `Student ${i + 1}`,
        i % 10 === 0 ? 'a note long enough to wrap onto a second line in its column' : '',
      ],
    }));
    drawTable(p, COLUMNS, rows, { fontSize: 8, title: 'Students' });
    const { lines, pages } = readPdf(await p.finish('Footer', printedOn));
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(lines.filter((l) => l === 'NAME')).toHaveLength(pages);
    expect(lines.filter((l) => l === 'Students')).toHaveLength(1);
    expect(lines.filter((l) => l === 'Students (continued)')).toHaveLength(pages - 1);
    for (let i = 1; i <= 150; i++)
      expect(lines.filter((l) => l === `Student ${i}`)).toHaveLength(1);
    for (let page = 1; page <= pages; page++) {
      expect(lines).toContain(`Printed 3 Dec 2026  ·  Page ${page} of ${pages}`);
    }
    // The running header of pages after the first.
    expect(lines.filter((l) => l === 'KILIMANI MIXED SECONDARY SCHOOL  ·  KIT TEST')).toHaveLength(
      pages - 1,
    );
  });

  it('keeps a row that asks to stay with the next one on its page', async () => {
    const p = printout();
    p.y = p.bottom - 60;
    drawTable(
      p,
      COLUMNS,
      [
        { cells: ['1', 'first'] },
        { cells: [{ text: 'A GROUP', span: 3, font: FONTS.bold }], keepWithNext: true, fill: null },
        { cells: ['2', 'second'] },
      ],
      { fontSize: 8, rowHeight: 20 },
    );
    const pdf = await p.finish('');
    const { lines, pages } = readPdf(pdf);
    expect(pages).toBe(2);
    // The group's line went over with its first row: the heads come before it on page 2.
    expect(lines.indexOf('A GROUP')).toBeGreaterThan(lines.lastIndexOf('NAME'));
  });

  it('says what an empty table holds instead of drawing its heads', async () => {
    const p = printout();
    drawTable(p, COLUMNS, [], { fontSize: 8, title: 'Marks', empty: 'Nothing held.' });
    const { lines } = readPdf(await p.finish(''));
    expect(lines).toEqual(expect.arrayContaining(['Marks', 'Nothing held.']));
    expect(lines).not.toContain('NAME');
  });

  it('wraps text at spaces, breaks a list of people between them and cuts what is left', () => {
    const p = printout();
    p.doc.font(FONTS.regular).fontSize(8);
    const width = p.doc.widthOfString('M. W. Achieng / P.');
    expect(wrapText(p.doc, 'M. W. Achieng / P. K. Otieno', width, 2)).toEqual([
      'M. W. Achieng /',
      'P. K. Otieno',
    ]);
    const lines = wrapText(p.doc, 'one two three four five six seven eight nine ten', 30, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/…$/);
    expect(wrapText(p.doc, 'short', 100, 1)).toEqual(['short']);
  });

  it('fits columns to the page: the largest size that fits, the spare to the growing columns', () => {
    const p = printout();
    const fit = fitColumns(
      p.doc,
      [{ head: 'NAME', grows: true, shrinks: true }, { head: 'MARK' }],
      [['Wanjiru Kamau', '67']],
      { width: 300, maxSize: 8, minSize: 5, paddingEm: 0.5, fill: true },
    );
    expect(fit.fontSize).toBe(8);
    expect(fit.widths.reduce((s, w) => s + w, 0)).toBeCloseTo(300);
    const narrow = fitColumns(
      p.doc,
      [{ head: 'NAME', shrinks: true }, { head: 'MARK' }],
      [['Mary-Immaculate Wambui Nyokabi Wanjiku-Kariuki', '67']],
      { width: 60, maxSize: 8, minSize: 5, paddingEm: 0.5 },
    );
    expect(narrow.fontSize).toBe(5);
    expect(narrow.widths[0]).toBeGreaterThanOrEqual(20);
  });

  it('prints labels with their values, and the words beside codes', async () => {
    const p = printout();
    drawKeyValues(p, [['Student', 'Wanjiru Kamau']]);
    drawCodeKey(p, [
      ['GR', 'Mean grade'],
      ['X', 'Absent'],
    ]);
    const { lines } = readPdf(await p.finish(''));
    expect(lines).toEqual(
      expect.arrayContaining([
        'Student',
        'Wanjiru Kamau',
        'Key: ',
        'GR ',
        'Mean grade',
        'X ',
        'Absent',
      ]),
    );
    expect(
      codeKeyText([
        ['GR', 'Mean grade'],
        ['X', 'Absent'],
      ]),
    ).toBe('GR Mean grade  ·  X Absent');
  });
});

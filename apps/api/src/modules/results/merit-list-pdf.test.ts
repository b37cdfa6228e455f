import { MERIT_LIST_FOOTER, type MeritList } from '@shule/shared/results/merit-list';
import { formatSubjectResult } from '@shule/shared/results/merit-list-columns';
import { describe, expect, it } from 'vitest';
import { meritListFixture, schoolFixture } from '../../test/merit-list-fixture';
import { readPdf } from '../../test/read-pdf';
import { renderMeritListPdf } from './merit-list-pdf';

const render = (list: MeritList, crest?: Buffer | null) =>
  renderMeritListPdf(list, schoolFixture, { crest, printedOn: new Date('2026-11-23T09:00:00Z') });

describe('renderMeritListPdf', () => {
  it('makes a landscape A4 PDF with the school header, the title and the staff-only footer', async () => {
    const pdf = await render(meritListFixture({ students: 12 }));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    // Landscape A4: 842 by 595 points.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const { text, pages } = readPdf(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('KILIMANI MIXED SECONDARY SCHOOL');
    expect(text).toContain('P.O. Box 12345-00100, Nairobi');
    expect(text).toContain('Tel: 0712345678');
    expect(text).toContain('Email: info@kilimani.sc.ke');
    expect(text).toContain('MERIT LIST · Form 4 · End Term · 2026 Term 3');
    expect(text).toContain('since Mid Term');
    expect(text).toContain(MERIT_LIST_FOOTER);
    expect(text).toContain('Printed 23 Nov 2026  ·  Page 1 of 1');
  });

  it('has the columns in the order Kenyan schools read them, subjects by code', async () => {
    const list = meritListFixture({ students: 12, subjects: 12 });
    const { lines } = readPdf(await render(list));
    const heads = lines.slice(lines.indexOf('ADM NO'), lines.indexOf('OVR POS') + 1);
    expect(heads).toEqual([
      'ADM NO',
      'NAME',
      'STREAM',
      'KCPE',
      ...list.subjects.map((s) => s.code),
      'SBJ',
      'TT MKS',
      'MN MKS',
      'GR',
      'TT PTS',
      'DEV',
      'STR POS',
      'OVR POS',
    ]);
  });

  it('prints each row as the list gives it: marks with grades, signed deviation, positions of N', async () => {
    const list = meritListFixture({ students: 12 });
    const { lines } = readPdf(await render(list));
    const top = list.rows[0]!;
    const at = lines.indexOf(top.admission_number);
    expect(at).toBeGreaterThan(0);
    const english = top.subjects.find((s) => s.subject === 1)!;
    expect(lines.slice(at, at + 30)).toEqual(
      expect.arrayContaining([
        top.name,
        top.class.name,
        formatSubjectResult(english),
        top.mean_mark!.toFixed(2),
        top.mean_grade!,
        String(top.total_points),
        `${top.class_position}/${top.class_size}`,
        `1/${top.level_size}`,
      ]),
    );
    expect(formatSubjectResult(english)).toMatch(/^\d+ [A-E][+-]?$/);
    const deviations = lines.filter((l) => /^[+-]\d+(\.\d+)?$/.test(l));
    expect(deviations.length).toBeGreaterThan(5);
  });

  it('lists the incomplete and withheld after the ranked, with their reason', async () => {
    const list = meritListFixture({ students: 12 });
    const { lines } = readPdf(await render(list));
    const notRanked = lines.findIndex((l) => l.startsWith('NOT RANKED: 2 incomplete or withheld'));
    const lastRanked = list.rows.filter((r) => r.status === 'complete').at(-1)!;
    expect(notRanked).toBeGreaterThan(lines.indexOf(lastRanked.admission_number));
    const after = lines.slice(notRanked);
    expect(after).toContain('No mark in Mathematics');
    expect(after).toContain('Result withheld (Y in Chemistry)');
    expect(after).toContain('X');
    expect(after).toContain('Y');
  });

  it('repeats the column heads and numbers every page as the rows grow', async () => {
    const small = readPdf(await render(meritListFixture({ students: 40 })));
    const large = readPdf(await render(meritListFixture({ students: 500, subjects: 14 })));
    expect(large.pages).toBeGreaterThan(small.pages);
    expect(large.pages).toBeGreaterThanOrEqual(8);
    for (const { lines, pages } of [small, large]) {
      expect(lines.filter((l) => l === 'OVR POS')).toHaveLength(pages);
      expect(lines.filter((l) => l === MERIT_LIST_FOOTER)).toHaveLength(pages);
      for (let page = 1; page <= pages; page++) {
        expect(lines.some((l) => l.endsWith(`Page ${page} of ${pages}`))).toBe(true);
      }
    }
    // Every one of the 500 students is on it.
    expect(large.lines.filter((l) => /^2021\d{3}$/.test(l))).toHaveLength(500);
  });

  it('stays legible with 14 subjects: no text under 5 pt, long names cut, not wrapped', async () => {
    const list = meritListFixture({ students: 60, subjects: 14 });
    const { lines, fontSizes } = readPdf(await render(list));
    expect(Math.min(...fontSizes)).toBeGreaterThanOrEqual(5);
    const longName = 'Mary-Immaculate Wambui Nyokabi Wanjiku-Kariuki';
    expect(list.rows.some((r) => r.name === longName)).toBe(true);
    const drawn = lines.find((l) => l.startsWith('Mary-Immaculate'))!;
    expect(longName.startsWith(drawn.replace(/…$/, ''))).toBe(true);
  });

  it('hides positions when the exam does not rank, and the stream for a class list', async () => {
    const unranked = readPdf(await render(meritListFixture({ students: 8, ranks: false })));
    expect(unranked.lines).not.toContain('STR POS');
    expect(unranked.lines).not.toContain('OVR POS');
    const list = meritListFixture({ students: 8, streams: ['4 East'] });
    list.scope = { kind: 'class', name: '4 East', level: 'Form 4', class_id: 1 };
    const classList = readPdf(await render(list));
    expect(classList.lines).not.toContain('STREAM');
    expect(classList.text).toContain('MERIT LIST · 4 East · End Term');
  });

  it('draws the crest when given one and goes without an unreadable one', async () => {
    const list = meritListFixture({ students: 5 });
    const withCrest = await render(list, onePixelPng);
    expect(withCrest.toString('latin1')).toContain('/Subtype /Image');
    const broken = await render(list, Buffer.from('not an image'));
    expect(broken.toString('latin1')).not.toContain('/Subtype /Image');
    expect(readPdf(broken).text).toContain('KILIMANI MIXED SECONDARY SCHOOL');
  });

  it('says so when there are no marks yet', async () => {
    const list = meritListFixture({ students: 5 });
    list.rows = [];
    const { text, pages } = readPdf(await render(list));
    expect(pages).toBe(1);
    expect(text).toContain('No marks entered for this exam yet.');
  });
});

/** A 1x1 white PNG. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
  'base64',
);

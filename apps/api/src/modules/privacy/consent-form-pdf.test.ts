import type { ClassConsents } from '@shule/shared/consents';
import { describe, expect, it } from 'vitest';
import { schoolFixture } from '../../test/merit-list-fixture';
import { readPdf } from '../../test/read-pdf';
import {
  CONSENT_FORM_FOOTER,
  CONSENT_FORM_TITLE,
  consentFormFileName,
  renderConsentFormPdf,
} from './consent-form-pdf';

const classOf = (n: number): ClassConsents => ({
  class: { id: 3, name: 'Form 1 East' },
  students: Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    first_name: `Pupil${i + 1}`,
    last_name: 'Kamau',
    admission_number: String(1000 + i),
    parent:
      i === 2
        ? null
        : {
            first_name: 'Mary',
            last_name: `Parent${i + 1}`,
            phone_number: `07123450${String(i).padStart(2, '0')}`,
          },
    sms: { status: 'unknown', recorded_at: null },
    photos: { status: 'unknown', recorded_at: null },
  })),
});

const render = (n: number) =>
  renderConsentFormPdf(classOf(n), schoolFixture, { printedOn: new Date('2026-12-02T09:00:00Z') });

describe('renderConsentFormPdf', () => {
  it("prints the school's header, what the consent allows, and one line per parent to sign", async () => {
    const pdf = await render(5);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const { text, lines, pages } = readPdf(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('KILIMANI MIXED SECONDARY SCHOOL');
    expect(text).toContain(`${CONSENT_FORM_TITLE} · Form 1 East`);
    expect(text.replace(/\s+/g, ' ')).toContain('Data Protection Act 2019');
    expect(lines).toEqual(
      expect.arrayContaining(['ADM NO', 'STUDENT', 'PARENT / GUARDIAN', 'YES', 'NO', 'SIGNATURE']),
    );
    const at = lines.indexOf('1000');
    expect(lines.slice(at, at + 4)).toEqual(['1000', 'Pupil1 Kamau', 'Mary Parent1', '0712345000']);
    expect(lines).toContain('Pupil3 Kamau');
    expect(text).toContain(CONSENT_FORM_FOOTER);
    expect(text).toContain('Printed 2 Dec 2026  ·  Page 1 of 1');
  });

  it('goes on to more pages for a large class, the heads repeated', async () => {
    const { lines, pages } = readPdf(await render(70));
    expect(pages).toBeGreaterThan(2);
    expect(lines.filter((l) => l === 'SIGNATURE')).toHaveLength(pages);
    expect(lines).toContain('Pupil70 Kamau');
  });

  it('names the file after the class', () => {
    expect(consentFormFileName('Form 1 East')).toBe('sms-consent-form-form-1-east');
    expect(consentFormFileName('***')).toBe('sms-consent-form-class');
  });
});

import { describe, expect, it } from 'vitest';
import { absenceMessageContent, absenceSmsText, smsDate } from './absence-sms';
import { smsParts } from './messages';

describe('smsDate', () => {
  it('says the day of the week, the day, the month and the year', () => {
    expect(smsDate('2026-11-26')).toBe('Thu 26 Nov 2026');
    expect(smsDate('2027-01-04')).toBe('Mon 4 Jan 2027');
  });
});

describe('absenceSmsText', () => {
  const student = { first_name: 'Amani', last_name: 'Mwangi' };

  it('names the child and the day, in one SMS part', () => {
    const text = absenceSmsText({
      school: 'Kilimani Mixed Secondary School',
      student,
      date: '2026-11-26',
      today: '2026-11-26',
    });
    expect(text).toBe(
      'Kilimani Mixed Sec: Amani Mwangi was marked absent today, Thu 26 Nov 2026. Please contact the school.',
    );
    expect(smsParts(text).parts).toBe(1);
  });

  it('says "on" for a past day', () => {
    const text = absenceSmsText({
      school: 'Lenana School',
      student,
      date: '2026-11-24',
      today: '2026-11-26',
    });
    expect(text).toBe(
      'Lenana: Amani Mwangi was marked absent on Tue 24 Nov 2026. Please contact the school.',
    );
  });

  it("falls back to the school's initials when its name is too long for one part", () => {
    const school =
      'St Bartholomew Kaimosi Friends Mixed Day and Boarding Secondary School of Vihiga County, Western Region';
    const text = absenceSmsText({ school, student, date: '2026-11-26', today: '2026-11-26' });
    expect(text).not.toContain('Bartholomew');
    expect(text).toContain(': Amani Mwangi was marked absent today, Thu 26 Nov 2026.');
    expect(smsParts(text).parts).toBe(1);
  });

  it('names no child in the message itself', () => {
    expect(absenceMessageContent('Form 1 East', '2026-11-26')).toBe(
      'Absence notices: Form 1 East, Thu 26 Nov 2026 (each parent is told of their own child)',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  compareKnecOrder,
  KCSE_GROUP_LABELS,
  KCSE_GROUPS,
  type KcseGroup,
  kcseCoreSubjectOf,
  kcseGroupOfCode,
  knecNumberOf,
} from './subject-groups';

describe('kcseGroupOfCode', () => {
  it.each([
    ['ENG', 'languages_mathematics'],
    ['KIS', 'languages_mathematics'],
    ['KSL', 'languages_mathematics'],
    ['MAT', 'languages_mathematics'],
    ['101', 'languages_mathematics'],
    ['102', 'languages_mathematics'],
    ['121', 'languages_mathematics'],
    ['122', 'languages_mathematics'],
    ['504', 'languages_mathematics'],
    ['BIO', 'sciences'],
    ['CHE', 'sciences'],
    ['PHY', 'sciences'],
    ['GSC', 'sciences'],
    ['231', 'sciences'],
    ['232', 'sciences'],
    ['233', 'sciences'],
    ['237', 'sciences'],
    ['HIS', 'humanities'],
    ['GEO', 'humanities'],
    ['CRE', 'humanities'],
    ['IRE', 'humanities'],
    ['HRE', 'humanities'],
    ['311', 'humanities'],
    ['312', 'humanities'],
    ['313', 'humanities'],
    ['314', 'humanities'],
    ['315', 'humanities'],
    ['AGR', 'technical'],
    ['CSC', 'technical'],
    ['HSC', 'technical'],
    ['ART', 'technical'],
    ['441', 'technical'],
    ['443', 'technical'],
    ['447', 'technical'],
    ['451', 'technical'],
    ['FRE', 'other'],
    ['GER', 'other'],
    ['ARB', 'other'],
    ['MUS', 'other'],
    ['BST', 'other'],
    ['501', 'other'],
    ['502', 'other'],
    ['503', 'other'],
    ['511', 'other'],
    ['565', 'other'],
  ])('puts %s in %s', (code, group) => {
    expect(kcseGroupOfCode(code)).toBe(group);
  });
  it('ignores case and surrounding spaces', () => {
    expect(kcseGroupOfCode(' bio ')).toBe('sciences');
    expect(kcseGroupOfCode('Cre')).toBe('humanities');
  });
  it('gives null for a code it does not know', () => {
    expect(kcseGroupOfCode('XYZ')).toBeNull();
    expect(kcseGroupOfCode('440')).toBeNull();
    expect(kcseGroupOfCode('452')).toBeNull();
    expect(kcseGroupOfCode('')).toBeNull();
  });
  it('labels every group', () => {
    expect(KCSE_GROUPS.map((g) => KCSE_GROUP_LABELS[g])).toEqual([
      'Group I: Languages and mathematics',
      'Group II: Sciences',
      'Group III: Humanities',
      'Group IV: Technical and applied',
      'Group V: Foreign languages, music, business',
    ]);
  });
});

describe('kcseCoreSubjectOf', () => {
  it.each([
    ['MAT', 'mathematics'],
    ['121', 'mathematics'],
    ['122', 'mathematics'],
    ['ENG', 'english'],
    ['101', 'english'],
    ['KIS', 'kiswahili'],
    ['102', 'kiswahili'],
    ['KSL', 'ksl'],
    ['504', 'ksl'],
    [' eng ', 'english'],
    ['mat', 'mathematics'],
  ])('knows %s as %s', (code, core) => {
    expect(kcseCoreSubjectOf(code)).toBe(core);
  });
  it('gives null for any other subject', () => {
    expect(kcseCoreSubjectOf('BIO')).toBeNull();
    expect(kcseCoreSubjectOf('FRE')).toBeNull();
    expect(kcseCoreSubjectOf('231')).toBeNull();
    expect(kcseCoreSubjectOf('XYZ')).toBeNull();
  });
});

describe('KNEC order', () => {
  const subject = (code: string, name = code, group?: KcseGroup) => ({
    code,
    name,
    group: group ?? kcseGroupOfCode(code) ?? 'other',
  });
  it('numbers subjects by code, paper, letter code or name', () => {
    expect(knecNumberOf(subject('233'))).toBe(233);
    expect(knecNumberOf(subject('121/1'))).toBe(121);
    expect(knecNumberOf(subject(' bst '))).toBe(565);
    expect(knecNumberOf(subject('B/S', 'Business  studies'))).toBe(565);
    expect(knecNumberOf(subject('HG', 'History and Government'))).toBe(311);
    expect(knecNumberOf(subject('XYZ', 'Swimming'))).toBeNull();
  });
  it('orders a Form 4 as KNEC does: group by group, then by KNEC number', () => {
    const subjects = [
      subject('CRE'),
      subject('BST', 'Business Studies'),
      subject('AGR'),
      subject('CHE'),
      subject('MAT'),
      subject('GEO'),
      subject('PHY'),
      subject('KIS'),
      subject('HIS'),
      subject('CSC'),
      subject('BIO'),
      subject('HSC'),
      subject('ENG'),
      subject('FRE'),
      subject('DRA', 'Drama'),
    ];
    expect(subjects.sort(compareKnecOrder).map((s) => s.code)).toEqual([
      'ENG',
      'KIS',
      'MAT',
      'BIO',
      'PHY',
      'CHE',
      'HIS',
      'GEO',
      'CRE',
      'HSC',
      'AGR',
      'CSC',
      'FRE',
      'BST',
      'DRA',
    ]);
  });
  it('follows the group a school chose before the number', () => {
    const sorted = [subject('AGR', 'Agriculture', 'other'), subject('HSC')].sort(compareKnecOrder);
    expect(sorted.map((s) => s.code)).toEqual(['HSC', 'AGR']);
  });
  it('puts Business Studies in group V', () => {
    expect(KCSE_GROUP_LABELS[subject('BST').group]).toBe(
      'Group V: Foreign languages, music, business',
    );
    expect(KCSE_GROUP_LABELS[subject('565').group]).toMatch(/^Group V:/);
  });
});

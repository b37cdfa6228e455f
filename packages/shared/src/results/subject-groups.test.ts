import { describe, expect, it } from 'vitest';
import {
  KCSE_GROUP_LABELS,
  KCSE_GROUPS,
  kcseCoreSubjectOf,
  kcseGroupOfCode,
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
      'Languages and mathematics',
      'Sciences',
      'Humanities',
      'Technical and applied',
      'Other',
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

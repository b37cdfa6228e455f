import { describe, expect, it } from 'vitest';
import {
  ACADEMICS_NAV,
  ADMIN_NAV,
  DESKTOP_ONLY_NAV,
  MAIN_NAV,
  MOBILE_ONLY_NAV,
  navFor,
} from './nav-items';

const labels = (items: { label: string }[]) => items.map((i) => i.label);
const as = (...names: string[]) => names.map((name) => ({ name }));

describe('navFor', () => {
  it('shows an admin every entry', () => {
    for (const items of [MAIN_NAV, ACADEMICS_NAV, ADMIN_NAV, DESKTOP_ONLY_NAV, MOBILE_ONLY_NAV]) {
      expect(navFor(items, as('admin'))).toEqual(items);
    }
  });

  it('shows a teacher the lists they read, not money, messaging, staff or the audit log', () => {
    const teacher = as('teacher');
    expect(labels(navFor(MAIN_NAV, teacher))).toEqual([
      'Dashboard',
      'Students',
      'Classes',
      'Attendance',
    ]);
    expect(labels(navFor(ACADEMICS_NAV, teacher))).toEqual([
      'Subjects',
      'Exams',
      'Grades',
      'Terms',
      'Academic Years',
    ]);
    expect(navFor(ADMIN_NAV, teacher)).toEqual([]);
    // The desktop sidebar's and the mobile drawer's own entries.
    expect(labels(navFor(DESKTOP_ONLY_NAV, teacher))).toEqual(['Results', 'Reports']);
    expect(labels(navFor(MOBILE_ONLY_NAV, teacher))).toEqual(['Results', 'Reports']);
  });

  it("puts Results in the phone's drawer and names fee analytics what it is", () => {
    expect(labels(navFor(MOBILE_ONLY_NAV, as('admin')))).toEqual([
      'Results',
      'Fee analytics',
      'Reports',
    ]);
  });

  it('shows an admin who also teaches what an admin sees', () => {
    expect(navFor(MAIN_NAV, as('teacher', 'admin'))).toEqual(MAIN_NAV);
  });

  it('shows a student, a user without a role and no user at all the dashboard only', () => {
    for (const roles of [as('student'), [], undefined]) {
      const all = [MAIN_NAV, ACADEMICS_NAV, ADMIN_NAV, DESKTOP_ONLY_NAV, MOBILE_ONLY_NAV].flatMap(
        (items) => navFor(items, roles),
      );
      expect(labels(all)).toEqual(['Dashboard']);
    }
  });
});

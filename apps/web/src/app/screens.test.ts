import { describe, expect, it } from 'vitest';
import { PUBLIC_SCREENS, SIGNED_IN_SCREENS, screenAt } from './screens';

describe('screenAt', () => {
  it('finds the screen a path opens, parameters matching one part each', () => {
    expect(screenAt(PUBLIC_SCREENS, '/')?.path).toBe('/');
    expect(screenAt(PUBLIC_SCREENS, '/login')?.path).toBe('/login');
    expect(screenAt(SIGNED_IN_SCREENS, '/dashboard')?.path).toBe('/dashboard');
    expect(screenAt(SIGNED_IN_SCREENS, '/exams/12')?.path).toBe('/exams/:id');
    expect(screenAt(SIGNED_IN_SCREENS, '/exams/12/marks')?.path).toBe('/exams/:id/marks');
    expect(screenAt(SIGNED_IN_SCREENS, '/exams/12/report/7')?.path).toBe(
      '/exams/:id/report/:studentId',
    );
    expect(screenAt(SIGNED_IN_SCREENS, '/students/import')?.path).toBe('/students/import');
  });

  it('finds none for a path no screen has', () => {
    expect(screenAt(PUBLIC_SCREENS, '/dashboard')).toBeUndefined();
    expect(screenAt(SIGNED_IN_SCREENS, '/exams/')).toBeUndefined();
    expect(screenAt(SIGNED_IN_SCREENS, '/exams/12/unknown')).toBeUndefined();
    expect(screenAt(SIGNED_IN_SCREENS, '/nowhere')).toBeUndefined();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render-page';
import { setupState } from '../../test/setup-api';
import { SetupComplete } from './setup-complete';

describe('the setup wizard’s completion screen', () => {
  it('sends a finished school on to its grading, subjects and teachers, with what is done', () => {
    const state = setupState({
      step: 6,
      finished_at: '2026-11-26T10:00:00.000Z',
      classes: [
        { id: 4, name: '4 East', level: 'Form 4' },
        { id: 5, name: 'Grade 7', level: null },
      ],
      after: { grades: 0, subjects: 8, teachers: 1 },
    });
    renderWithApp(<SetupComplete state={state} onChange={vi.fn()} />);
    const toSet = screen.getByRole('list', { name: 'Still to set' });
    expect(
      within(toSet)
        .getAllByRole('link')
        .map((l) => [l.getAttribute('href'), l.textContent]),
    ).toEqual([
      ['/grades', 'GradingThe KCSE scale for Form classes, a CBC scale for Grade classes'],
      ['/subjects', 'Subjects8 subjects'],
      ['/teachers', 'Teachers1 teacher'],
    ]);
    expect(within(toSet).getAllByLabelText('Done')).toHaveLength(2);
    expect(within(toSet).getAllByLabelText('Not yet')).toHaveLength(1);
  });
});

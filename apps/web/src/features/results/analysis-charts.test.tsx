import {
  type AnalysisInput,
  computeAnalysis,
  type ExamAnalysis,
} from '@shule/shared/results/analysis';
import { KCSE_BANDS } from '@shule/shared/results/bands';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AnalysisCharts, hasSchoolGrades } from './analysis-charts';

vi.mock('../../lib/roles', () => ({ useIsAdmin: () => true }));

/** The analysis of a class whose only subject has `bands`. */
const analysisWith = (bands: AnalysisInput['meanBands']): ExamAnalysis => ({
  exam: { id: 6, name: 'End Term', term: 'Term 2', year: '2026', grading_scheme: 'average' },
  scope: { kind: 'class', name: '4 East', level: null, class_id: 1 },
  previous_exam: null,
  ...computeAnalysis({
    scheme: 'average',
    meanBands: bands,
    subjects: [{ id: 11, code: 'ENG', name: 'English', bands }],
    streams: [{ id: 1, name: '4 East' }],
    students: [],
  }),
});

function renderCharts(analysis: ExamAnalysis) {
  // Chart.js finds no canvas context in happy-dom and says so; the charts are seen in screenshots.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <MemoryRouter>
      <AnalysisCharts analysis={analysis} />
    </MemoryRouter>,
  );
}

describe('the grade distribution', () => {
  it('says there are no grades to count, and where to set bands, when no subject has any', () => {
    renderCharts(analysisWith([]));
    expect(screen.getByText('No grades to count yet')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Set grading bands in Subjects' }).getAttribute('href'),
    ).toBe('/subjects');
  });

  it('is drawn once the subjects have grading bands', () => {
    renderCharts(analysisWith(KCSE_BANDS));
    expect(screen.queryByText('No grades to count yet')).toBeNull();
    expect(screen.getByRole('img', { name: /how many students got each mean grade/ })).toBeTruthy();
  });
});

describe('hasSchoolGrades', () => {
  it('is false when the only grades are X and Y: no subject has grading bands', () => {
    expect(hasSchoolGrades({ grades: ['X', 'Y'] })).toBe(false);
    expect(hasSchoolGrades({ grades: [] })).toBe(false);
  });

  it('is true once any grade of the school is there', () => {
    expect(hasSchoolGrades({ grades: ['A', 'B', 'X', 'Y'] })).toBe(true);
    expect(hasSchoolGrades({ grades: ['E', 'X', 'Y'] })).toBe(true);
  });
});

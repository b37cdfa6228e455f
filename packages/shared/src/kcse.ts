/**
 * The KCSE 12-point scale (Kenya Certificate of Secondary Education) with the default band of
 * marks for each grade. A school applies it in one step on an empty /grades page; every subject
 * then gets these bands, which the school may edit per subject.
 */
export interface KcseGrade {
  code: string;
  name: string;
  points: number;
  comments: string;
  min_score: number;
  max_score: number;
}

export const KCSE_SCALE: readonly KcseGrade[] = [
  { code: 'A', name: 'A plain', points: 12, comments: 'Excellent', min_score: 80, max_score: 100 },
  { code: 'A-', name: 'A minus', points: 11, comments: 'Very good', min_score: 75, max_score: 79 },
  { code: 'B+', name: 'B plus', points: 10, comments: 'Good', min_score: 70, max_score: 74 },
  { code: 'B', name: 'B plain', points: 9, comments: 'Fairly good', min_score: 65, max_score: 69 },
  {
    code: 'B-',
    name: 'B minus',
    points: 8,
    comments: 'Above average',
    min_score: 60,
    max_score: 64,
  },
  { code: 'C+', name: 'C plus', points: 7, comments: 'Average', min_score: 55, max_score: 59 },
  { code: 'C', name: 'C plain', points: 6, comments: 'Fair', min_score: 50, max_score: 54 },
  {
    code: 'C-',
    name: 'C minus',
    points: 5,
    comments: 'Below average',
    min_score: 45,
    max_score: 49,
  },
  { code: 'D+', name: 'D plus', points: 4, comments: 'Weak', min_score: 40, max_score: 44 },
  { code: 'D', name: 'D plain', points: 3, comments: 'Poor', min_score: 35, max_score: 39 },
  { code: 'D-', name: 'D minus', points: 2, comments: 'Very poor', min_score: 30, max_score: 34 },
  {
    code: 'E',
    name: 'E',
    points: 1,
    comments: 'Needs a lot of support',
    min_score: 0,
    max_score: 29,
  },
];

import { ASSESSMENT_KIND_LABELS, type Assessment } from '@shule/shared/cbc-assessments';

/** "Numbers: Integers", or "Numbers" for a strand without sub-strands. */
export const strandText = (s: { strand: string; sub_strand: string | null }) =>
  s.sub_strand ? `${s.strand}: ${s.sub_strand}` : s.strand;

/** "Observation · Fractions in the market": how the screens name an assessment. */
export const assessmentName = (a: Pick<Assessment, 'kind' | 'title'>) =>
  a.title ? `${ASSESSMENT_KIND_LABELS[a.kind]} · ${a.title}` : ASSESSMENT_KIND_LABELS[a.kind];

import { AttendanceSection } from '../features/attendance/attendance-section';
import { FeeSection } from '../features/fees/fee-section';
import { ConsentsSection } from '../features/privacy/consents-section';
import { DataRightsSection } from '../features/privacy/data-rights-section';
import { ExamResultsSection } from '../features/results/exam-results-section';
import { KjseaBaseline } from '../features/senior/kjsea-baseline';
import { KjseaSection } from '../features/senior/kjsea-section';
import { LearnerSubjectsSection } from '../features/senior/learner-subjects-section';
import { LearnerRecordSection } from '../features/students/learner-record-section';
import { ResultsDetails } from '../features/students/results-details';
import { StudentProfilePage } from '../features/students/student-profile-page';

/**
 * The student's page with what other features hold about the student: a senior-school
 * learner's subjects, the exams sat (results, beside a senior-school learner's KJSEA baseline),
 * the term's register days (attendance), the fees (admins), and the parent's consents, data
 * copy and erasure (privacy; the copy and erasure for admins).
 */
export function StudentProfileRoute() {
  return (
    <StudentProfilePage
      sections={({ student, isAdmin }) => (
        <>
          <LearnerSubjectsSection student={student} isAdmin={isAdmin} />
          <ExamResultsSection student={student} baseline={<KjseaBaseline student={student} />} />
          <ResultsDetails student={student} isAdmin={isAdmin} />
          <KjseaSection student={student} isAdmin={isAdmin} />
          <LearnerRecordSection student={student} isAdmin={isAdmin} />
          <AttendanceSection student={student} />
          {isAdmin ? <FeeSection student={student} /> : null}
          <ConsentsSection student={student} isAdmin={isAdmin} />
          {isAdmin ? <DataRightsSection student={student} /> : null}
        </>
      )}
    />
  );
}

import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { ExamGradingPage } from '../features/exams/exam-grading-page';
import { LateChangesButton, MarkHistoryButton } from '../features/mark-entry/mark-history';
import { ClassReportFormsButton } from '../features/results/class-report-forms-button';

/**
 * The grading page with what other features offer: the class's report forms (results), and
 * entering the class's marks by subject, the marks changed after the exam and each student's
 * history of marks (mark-entry).
 */
export function ExamGradingRoute() {
  return (
    <ExamGradingPage
      headerActions={({ examId, classId }) => (
        <>
          <Link
            to={`/exams/${examId}/marks${classId ? `?class=${classId}` : ''}`}
            className={buttonClass('outline')}
          >
            Enter marks by subject
          </Link>
          <LateChangesButton examId={examId} />
        </>
      )}
      classActions={(props) => <ClassReportFormsButton {...props} />}
      studentActions={(props) => <MarkHistoryButton {...props} />}
    />
  );
}

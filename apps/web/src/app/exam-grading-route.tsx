import { ExamGradingPage } from '../features/exams/exam-grading-page';
import { ClassReportFormsButton } from '../features/results/class-report-forms-button';

/** The grading page with what the results feature offers for the class shown. */
export function ExamGradingRoute() {
  return <ExamGradingPage classActions={(props) => <ClassReportFormsButton {...props} />} />;
}

import { SetupYearReview, SetupYearStep } from '../features/academic-years/setup-year-step';
import { SetupClassesReview, SetupClassesStep } from '../features/classes/setup-classes-step';
import { SetupFeesReview } from '../features/fees/setup-fees-review';
import { SetupFeesStep } from '../features/fees/setup-fees-step';
import { SetupPage } from '../features/setup/setup-page';
import { SetupTermsReview, SetupTermsStep } from '../features/terms/setup-terms-step';

/**
 * The setup wizard with the steps of the features that own what they save: the academic year
 * (academic-years), its terms (terms), the classes (classes) and the fees (fees), and each one's
 * part of the review.
 */
export function SetupRoute() {
  return (
    <SetupPage
      steps={{
        academic_year: (state) => <SetupYearStep state={state} />,
        terms: (state) => <SetupTermsStep state={state} />,
        classes: (state) => <SetupClassesStep state={state} />,
        fees: (state) => <SetupFeesStep state={state} />,
      }}
      review={(props) => (
        <>
          <SetupYearReview {...props} />
          <SetupTermsReview {...props} />
          <SetupClassesReview {...props} />
          <SetupFeesReview {...props} />
        </>
      )}
    />
  );
}

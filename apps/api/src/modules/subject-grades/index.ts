// The front door of this module: what other modules may use. Everything else is internal.
export { default as subjectGradeRoutes } from './routes';
export { addBandsForGrade, addBandsForSubject, lockSchoolGrading } from './service';

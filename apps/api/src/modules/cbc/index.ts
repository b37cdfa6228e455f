// The front door of this module: what other modules may use. Everything else is internal.
export { default as cbcAssessmentRoutes } from './assessment-routes';
export {
  addDefaultLearningAreas,
  addSeniorSubjectAreas,
  renameSubjectAreas,
} from './learning-areas';
export { assertTermFreeOfReportInputs, progressReportInputs } from './report-inputs';
export { default as cbcCurriculumRoutes } from './routes';
export { default as cbcTermRoutes } from './term-routes';

// The front door of this module: what other modules may use. Everything else is internal.

export type { StudentActor } from './edit';
export { assertAssessmentNumberFree, dropSubjectsNotTaught } from './edit';
export { default as studentImportRoutes } from './import-routes';
export { default as studentRoutes } from './routes';

// The front door of this module: what other modules may use. Everything else is internal.
export { default as reportCardRoutes } from './report-card-routes';
export { default as resultRoutes } from './routes';
export type { ResultsScope } from './service';
export { examResults } from './service';

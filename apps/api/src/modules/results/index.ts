// The front door of this module: what other modules may use. Everything else is internal.
export { default as reportCardRoutes } from './report-card-routes';
export { default as resultsSmsRoutes } from './results-sms-routes';
export { default as resultRoutes } from './routes';

// The front door of this module: what other modules may use. Everything else is internal.
export { default as academicYearRoutes } from './routes';

// The front door of this module: what other modules may use. Everything else is internal.
export { default as examRoutes } from './routes';
export { getExam } from './service';

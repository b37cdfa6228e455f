// The front door of this module: what other modules may use. Everything else is internal.
export { default as attendanceRoutes } from './routes';
export { attendanceBetween } from './term-counts';

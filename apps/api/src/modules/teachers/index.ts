// The front door of this module: what other modules may use. Everything else is internal.
export { default as staffRoutes } from './routes';
export { default as teacherImportRoutes } from './teacher-import-routes';
export { default as teacherRoutes } from './teacher-routes';

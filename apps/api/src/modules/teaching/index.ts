// The front door of this module: what other modules may use. Everything else is internal.

export { assertMayAssess } from './learning-area-teaching';
export { assertMayMark } from './may-mark';
export { assertMayReadClass, readableClasses } from './my-classes';
export { default as teachingRoutes } from './routes';
export type { Actor } from './service';
export { endAllAssignmentsOf, subjectTeachersOn } from './service';

/**
 * Teaching assignments: a teacher teaches a subject to a class. The messages of the rules that
 * read them; the assignment endpoints' schemas sit with them below.
 */

/** 403 to a teacher who writes a mark of a (class, subject) not assigned to them. */
export const notYourSubjectMessage = (subject: string, className: string) =>
  `You do not teach ${subject} in ${className}: only its subject teacher or an administrator can enter these marks`;

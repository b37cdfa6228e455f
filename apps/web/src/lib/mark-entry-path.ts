/** The mark entry screen of one class and subject in one exam (the route of features/mark-entry). */
export const markEntryPath = (examId: number, classId: number, subjectId: number) =>
  `/exams/${examId}/marks?class=${classId}&subject=${subjectId}`;

/** The mark entry screen of one senior-school teaching group (its subject) in one exam. */
export const groupMarkEntryPath = (examId: number, groupId: number, subjectId: number) =>
  `/exams/${examId}/marks?group=${groupId}&subject=${subjectId}`;

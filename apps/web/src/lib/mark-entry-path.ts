/** The mark entry screen of one class and subject in one exam (the route of features/mark-entry). */
export const markEntryPath = (examId: number, classId: number, subjectId: number) =>
  `/exams/${examId}/marks?class=${classId}&subject=${subjectId}`;

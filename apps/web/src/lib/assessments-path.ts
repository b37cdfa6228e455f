/** The assessments of one class in one CBC learning area (the route of features/cbc). */
export const assessmentsPath = (classId: number, learningAreaId: number) =>
  `/assessments?class=${classId}&learning_area=${learningAreaId}`;

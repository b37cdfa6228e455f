/** The one error shape every endpoint answers with (DESIGN.md §4). */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
  code?: string;
}

export interface CountResponse {
  count: number;
}
export interface TeacherCount {
  teacher_count: number;
}

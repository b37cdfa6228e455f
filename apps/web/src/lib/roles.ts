import { useSession } from './session';

/**
 * Only admins may change a school's set-up (grades, subjects, years, terms, exams); teachers
 * read it and enter scores. Screens hide what the server would refuse.
 */
export function useIsAdmin() {
  const { user } = useSession();
  return user?.roles.some((r) => r.name === 'admin') ?? false;
}

import type { CurrentUser, LoginBody, LoginResponse } from '@shule/shared/auth';
import type { SchoolInfo } from '@shule/shared/institution';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { api, onPasswordChangeRequired, onSignedOut } from './api-client';
import { takeUserAskedAtStart } from './session-start';
import { tokenStorage } from './storage';

interface Session {
  /** True until the stored token has been checked at start-up. */
  loading: boolean;
  user: CurrentUser | null;
  school: SchoolInfo | null;
  /** What the last sign-in said once ("You were added as a teacher at …"), until dismissed. */
  notice: string | null;
  dismissNotice(): void;
  login(credentials: LoginBody): Promise<CurrentUser>;
  /** Reads the signed-in user again (after the one-time password is changed). */
  reloadUser(): Promise<CurrentUser>;
  /** Stores tokens from sign-up and loads the user they belong to. */
  acceptTokens(access: string, refresh: string): Promise<void>;
  logout(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(true);
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [school, setSchool] = useState<SchoolInfo | null>(tokenStorage.getSchool);
  const [notice, setNotice] = useState<string | null>(null);

  const loadUser = useCallback(async (asked?: Promise<CurrentUser>) => {
    const me = await (asked ?? api.get<CurrentUser>('/users/user/'));
    setUser(me);
    tokenStorage.setSchool(me.school);
    setSchool(me.school);
    return me;
  }, []);

  const clear = useCallback(() => {
    tokenStorage.clear();
    setUser(null);
    setSchool(null);
    setNotice(null);
    // The query cache goes with the signed-in screens (app/signed-in-app.tsx), which unmount.
  }, []);

  useEffect(() => {
    if (!tokenStorage.getAccess()) {
      setLoading(false);
      return;
    }
    loadUser(takeUserAskedAtStart())
      .catch(() => setUser(null))
      .finally(() => setLoading(false));
  }, [loadUser]);

  useEffect(() => onSignedOut(clear), [clear]);
  useEffect(
    () =>
      onPasswordChangeRequired(() =>
        setUser((u) =>
          u && !u.password_change_required ? { ...u, password_change_required: true } : u,
        ),
      ),
    [],
  );

  const value = useMemo<Session>(
    () => ({
      loading,
      user,
      school,
      notice,
      dismissNotice: () => setNotice(null),
      async login(credentials) {
        const res = await api.post<LoginResponse>('/users/login/', credentials, {
          anonymous: true,
        });
        tokenStorage.setTokens(res.tokens.access, res.tokens.refresh);
        setNotice(res.notice);
        return loadUser();
      },
      reloadUser: () => loadUser(),
      async acceptTokens(access, refresh) {
        tokenStorage.setTokens(access, refresh);
        await loadUser();
      },
      async logout() {
        const refresh = tokenStorage.getRefresh();
        clear();
        if (refresh) {
          await api.post('/users/logout/', { refresh }, { anonymous: true }).catch(() => {
            // Already signed out here; the token expires on its own.
          });
        }
      },
    }),
    [loading, user, school, notice, loadUser, clear],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession() {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

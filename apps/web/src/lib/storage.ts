import type { SchoolInfo } from '@shule/shared/institution';

// The browser keeps the two tokens and the school info, nothing else.
const KEYS = { access: 'access_token', refresh: 'refresh_token', school: 'school_info' } as const;

export const tokenStorage = {
  getAccess: () => localStorage.getItem(KEYS.access),
  getRefresh: () => localStorage.getItem(KEYS.refresh),
  setTokens(access: string, refresh?: string) {
    localStorage.setItem(KEYS.access, access);
    if (refresh) localStorage.setItem(KEYS.refresh, refresh);
  },
  getSchool(): SchoolInfo | null {
    try {
      return JSON.parse(localStorage.getItem(KEYS.school) ?? 'null') as SchoolInfo | null;
    } catch {
      return null;
    }
  },
  setSchool(school: SchoolInfo | null) {
    if (school) localStorage.setItem(KEYS.school, JSON.stringify(school));
    else localStorage.removeItem(KEYS.school);
  },
  clear() {
    for (const key of Object.values(KEYS)) localStorage.removeItem(key);
  },
};

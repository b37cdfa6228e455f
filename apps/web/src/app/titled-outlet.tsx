import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { documentTitle } from './document-title';

/** The root of every route: keeps the tab's title on the page shown (document-title.ts). */
export function TitledOutlet() {
  const { pathname } = useLocation();
  const { school, user } = useSession();
  const schoolName = school?.name;
  const passwordChangeRequired = user?.password_change_required ?? false;
  useEffect(() => {
    document.title = documentTitle(pathname, schoolName, passwordChangeRequired);
  }, [pathname, schoolName, passwordChangeRequired]);
  return <Outlet />;
}

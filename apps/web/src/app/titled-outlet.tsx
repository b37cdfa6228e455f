import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { documentTitle } from './document-title';

/** The root of every route: keeps the tab's title on the page shown (document-title.ts). */
export function TitledOutlet() {
  const { pathname } = useLocation();
  const schoolName = useSession().school?.name;
  useEffect(() => {
    document.title = documentTitle(pathname, schoolName);
  }, [pathname, schoolName]);
  return <Outlet />;
}

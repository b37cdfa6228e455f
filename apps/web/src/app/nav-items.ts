import type { RoleName } from '@shule/shared/roles';
import {
  BarChart3,
  BookOpen,
  CalendarCheck,
  CalendarDays,
  CalendarRange,
  ClipboardCheck,
  ClipboardList,
  FileText,
  GraduationCap,
  Layers,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  NotebookPen,
  Receipt,
  School,
  ShieldCheck,
  Trophy,
  Users,
  Wallet,
} from 'lucide-react';

/**
 * Who sees a menu entry, as the API's route access reads (apps/api/src/plugins/access.ts):
 * `admin` administrators only; `staff` administrators and teachers; `signed_in` everyone.
 * A teacher sees the school's lists they may read and enter marks from, not money, messaging,
 * the staff admin pages or the audit log.
 */
export type NavAccess = 'admin' | 'staff' | 'signed_in';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  access: NavAccess;
}

export const MAIN_NAV: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, access: 'signed_in' },
  { to: '/teachers', label: 'Teachers', icon: Users, access: 'admin' },
  { to: '/students', label: 'Students', icon: GraduationCap, access: 'staff' },
  { to: '/classes', label: 'Classes', icon: School, access: 'staff' },
  { to: '/attendance', label: 'Attendance', icon: CalendarCheck, access: 'staff' },
  { to: '/messages', label: 'Messaging', icon: MessageSquare, access: 'admin' },
];

export const ACADEMICS_NAV: NavItem[] = [
  { to: '/subjects', label: 'Subjects', icon: BookOpen, access: 'staff' },
  { to: '/senior', label: 'Senior school', icon: Layers, access: 'admin' },
  { to: '/exams', label: 'Exams', icon: NotebookPen, access: 'staff' },
  { to: '/grades', label: 'Grades', icon: ClipboardList, access: 'staff' },
  { to: '/terms', label: 'Terms', icon: CalendarRange, access: 'staff' },
  { to: '/academic_years', label: 'Academic Years', icon: CalendarDays, access: 'staff' },
  { to: '/sba', label: 'KNEC SBA', icon: ClipboardCheck, access: 'admin' },
];

/** Money and the audit log, in the sidebar and the drawer. */
export const ADMIN_NAV: NavItem[] = [
  { to: '/fees', label: 'Fees', icon: Wallet, access: 'admin' },
  { to: '/fee_structure', label: 'Fee structure', icon: Receipt, access: 'admin' },
  { to: '/audit_log', label: 'Audit log', icon: ShieldCheck, access: 'admin' },
];

/** Reports was once in the mobile drawer only; the sidebar carries it too, so a desktop reaches it. */
const REPORTS: NavItem = { to: '/reports', label: 'Reports', icon: FileText, access: 'staff' };

const RESULTS: NavItem = { to: '/results', label: 'Results', icon: Trophy, access: 'staff' };

/** The desktop sidebar's own entries. */
export const DESKTOP_ONLY_NAV: NavItem[] = [RESULTS, REPORTS];

/**
 * The mobile drawer's own entries, Results among them: a teacher on a phone reads
 * results as often as one at a desk. The sidebar reaches fee analytics from the Fees page.
 */
export const MOBILE_ONLY_NAV: NavItem[] = [
  RESULTS,
  { to: '/analytics', label: 'Fee analytics', icon: BarChart3, access: 'admin' },
  REPORTS,
];

const ACCESS_ROLES: Record<NavAccess, readonly RoleName[] | null> = {
  admin: ['admin'],
  staff: ['admin', 'teacher'],
  signed_in: null,
};

/** Whether a user holding `roles` sees `item`. */
export function maySee(item: NavItem, roles: readonly { name: string }[] | undefined) {
  const allowed = ACCESS_ROLES[item.access];
  return allowed === null || (roles ?? []).some((r) => allowed.includes(r.name as RoleName));
}

/** The entries of `items` a user holding `roles` sees, in order. */
export const navFor = (items: NavItem[], roles: readonly { name: string }[] | undefined) =>
  items.filter((item) => maySee(item, roles));

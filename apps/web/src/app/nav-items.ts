import {
  BarChart3,
  BookOpen,
  CalendarDays,
  CalendarRange,
  ClipboardList,
  FileText,
  GraduationCap,
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

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

export const MAIN_NAV: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/teachers', label: 'Teachers', icon: Users },
  { to: '/students', label: 'Students', icon: GraduationCap },
  { to: '/classes', label: 'Classes', icon: School },
  { to: '/messages', label: 'Messaging', icon: MessageSquare },
];

export const ACADEMICS_NAV: NavItem[] = [
  { to: '/subjects', label: 'Subjects', icon: BookOpen },
  { to: '/exams', label: 'Exams', icon: NotebookPen },
  { to: '/grades', label: 'Grades', icon: ClipboardList },
  { to: '/terms', label: 'Terms', icon: CalendarRange },
  { to: '/academic_years', label: 'Academic Years', icon: CalendarDays },
];

/** Only for admins, in the sidebar and the drawer: money and the audit log. */
export const ADMIN_NAV: NavItem[] = [
  { to: '/fees', label: 'Fees', icon: Wallet },
  { to: '/fee_structure', label: 'Fee structure', icon: Receipt },
  { to: '/audit_log', label: 'Audit log', icon: ShieldCheck },
];

/** Only in the desktop sidebar (spec §2). */
export const DESKTOP_ONLY_NAV: NavItem[] = [{ to: '/results', label: 'Results', icon: Trophy }];

/** Only in the mobile drawer (spec §2). */
export const MOBILE_ONLY_NAV: NavItem[] = [
  { to: '/analytics', label: 'Analytics/Fee', icon: BarChart3 },
  { to: '/reports', label: 'Reports', icon: FileText },
];

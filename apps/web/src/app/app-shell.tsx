import { Bell, ChevronDown, CircleUser, Menu as MenuIcon } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '../components/ui/logo';
import { cn } from '../lib/cn';
import { useSession } from '../lib/session';
import {
  ACADEMICS_NAV,
  ADMIN_NAV,
  DESKTOP_ONLY_NAV,
  MAIN_NAV,
  MOBILE_ONLY_NAV,
  type NavItem,
  navFor,
} from './nav-items';

function NavLinkItem({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
          isActive
            ? 'bg-accent text-accent-foreground'
            : 'text-slate-600 hover:bg-muted hover:text-foreground',
        )
      }
    >
      <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span className="truncate">{item.label}</span>
    </NavLink>
  );
}

/** The menu of the sidebar and of the drawer: only the entries the user's roles may open. */
function NavList({ extra, onNavigate }: { extra: NavItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { user } = useSession();
  const roles = user?.roles;
  const academics = navFor(ACADEMICS_NAV, roles);
  const inAcademics = academics.some((i) => pathname.startsWith(i.to));
  const [academicsOpen, setAcademicsOpen] = useState(true);
  useEffect(() => {
    if (inAcademics) setAcademicsOpen(true);
  }, [inAcademics]);
  return (
    <nav aria-label="Main" className="flex flex-col gap-1 p-3">
      {[...navFor(MAIN_NAV, roles), ...navFor(extra, roles), ...navFor(ADMIN_NAV, roles)].map(
        (item) => (
          <NavLinkItem key={item.to} item={item} onNavigate={onNavigate} />
        ),
      )}
      {academics.length === 0 ? null : (
        <>
          <button
            type="button"
            aria-expanded={academicsOpen}
            onClick={() => setAcademicsOpen((o) => !o)}
            className="mt-2 flex items-center justify-between rounded-md px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground hover:bg-muted"
          >
            Academics
            <ChevronDown
              className={cn('h-4 w-4 transition-transform', academicsOpen && 'rotate-180')}
              aria-hidden="true"
            />
          </button>
          {academicsOpen ? (
            <div className="flex flex-col gap-1">
              {academics.map((item) => (
                <NavLinkItem key={item.to} item={item} onNavigate={onNavigate} />
              ))}
            </div>
          ) : null}
        </>
      )}
    </nav>
  );
}

type Overlays = typeof import('./shell-overlays');
type MenuName = 'user' | 'notifications';

let overlaysImport: Promise<Overlays> | undefined;
const importOverlays = () => {
  overlaysImport ??= import('./shell-overlays').catch((error: unknown) => {
    // Lost on a flaky connection: the next press of a menu button asks again.
    overlaysImport = undefined;
    throw error;
  });
  return overlaysImport;
};

// Long enough for the page's own requests and first paint to go first on a slow phone.
const PREFETCH_AFTER_MS = 3000;

/**
 * The menus and drawer (Radix, about a sixth of the signed-in JavaScript) load after the page
 * has painted: once it has settled, or as soon as a menu button is pointed at, focused or pressed.
 */
function useShellOverlays() {
  const [loaded, setLoaded] = useState<{ overlays: Overlays; focused: string | null } | null>(null);
  const load = useCallback(() => {
    importOverlays().then(
      (overlays) =>
        setLoaded(
          (current) =>
            current ?? {
              overlays,
              focused:
                document.activeElement instanceof HTMLElement
                  ? (document.activeElement.dataset.menuButton ?? null)
                  : null,
            },
        ),
      () => {
        // Offline for now: the stand-in buttons stay, and the next press retries.
      },
    );
  }, []);
  useEffect(() => {
    const timer = window.setTimeout(load, PREFETCH_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [load]);
  return { overlays: loaded?.overlays, focused: loaded?.focused ?? null, load };
}

/**
 * Stands in for a Radix menu button until its module arrives: same look and name, and it takes
 * the same presses (pointer down, Enter, Space, arrow down), which open the menu once loaded.
 */
function MenuButtonStandIn({
  name,
  ariaLabel,
  className,
  onIntent,
  onPress,
  children,
}: {
  name: MenuName;
  ariaLabel: string;
  className: string;
  onIntent: () => void;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-menu-button={name}
      aria-label={ariaLabel}
      aria-haspopup="menu"
      aria-expanded={false}
      className={className}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) onPress();
      }}
      onKeyDown={(event) => {
        if (['Enter', ' ', 'ArrowDown'].includes(event.key)) {
          event.preventDefault();
          onPress();
        }
      }}
    >
      {children}
    </button>
  );
}

const USER_MENU_BUTTON =
  'flex items-center gap-2 rounded-full p-1 pr-2 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const NOTIFICATIONS_BUTTON = 'rounded-full p-2 text-slate-600 hover:bg-muted';

const NOTIFICATIONS_NAME = 'Toggle notifications';

/** Spoken with the name and role the button shows (label-content-name-mismatch). */
function useUserMenuName() {
  const { user } = useSession();
  const shown = [user?.first_name, user?.roles[0]?.name].filter(Boolean).join(' ');
  return shown ? `${shown}, user menu` : 'User menu';
}

function UserMenuLabel() {
  const { user } = useSession();
  const role = user?.roles[0]?.name;
  return (
    <>
      <CircleUser className="h-7 w-7 text-slate-500" aria-hidden="true" />
      <span className="hidden text-left leading-tight sm:block">
        <span className="block text-sm font-medium">{user?.first_name}</span>{' '}
        {role ? (
          <span className="block text-xs capitalize text-muted-foreground">{role}</span>
        ) : null}
      </span>
    </>
  );
}

function HeaderMenus({
  overlays,
  focused,
  load,
}: {
  overlays?: Overlays;
  focused: string | null;
  load: () => void;
}) {
  const [pressed, setPressed] = useState<MenuName | null>(null);
  const userMenuName = useUserMenuName();
  const press = (name: MenuName) => {
    setPressed(name);
    load();
  };
  const bell = <Bell className="h-5 w-5" aria-hidden="true" />;
  if (!overlays) {
    return (
      <>
        <MenuButtonStandIn
          name="notifications"
          ariaLabel={NOTIFICATIONS_NAME}
          className={NOTIFICATIONS_BUTTON}
          onIntent={load}
          onPress={() => press('notifications')}
        >
          {bell}
        </MenuButtonStandIn>
        <MenuButtonStandIn
          name="user"
          ariaLabel={userMenuName}
          className={USER_MENU_BUTTON}
          onIntent={load}
          onPress={() => press('user')}
        >
          <UserMenuLabel />
        </MenuButtonStandIn>
      </>
    );
  }
  const takeOver = (name: MenuName) => ({ focus: focused === name, open: pressed === name });
  return (
    <>
      <overlays.NotificationsMenu
        className={NOTIFICATIONS_BUTTON}
        name={NOTIFICATIONS_NAME}
        label={bell}
        takeOver={takeOver('notifications')}
      />
      <overlays.UserMenu
        className={USER_MENU_BUTTON}
        name={userMenuName}
        label={<UserMenuLabel />}
        takeOver={takeOver('user')}
      />
    </>
  );
}

/** The signed-in layout: sidebar on desktop, slide-in drawer on phones, header with the user menu. */
export function AppShell() {
  const { school } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerButton = useRef<HTMLButtonElement>(null);
  const { overlays, focused, load } = useShellOverlays();

  return (
    <div className="grid min-h-dvh md:grid-cols-[180px_1fr] lg:grid-cols-[240px_1fr] print:block">
      <aside className="hidden border-r bg-slate-50/60 md:block print:hidden">
        <div className="sticky top-0 flex max-h-dvh flex-col overflow-y-auto">
          <div className="flex h-14 items-center border-b px-4 lg:h-[60px]">
            <Logo />
          </div>
          <NavList extra={DESKTOP_ONLY_NAV} />
        </div>
      </aside>

      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-14 print:hidden items-center gap-3 border-b bg-background/95 px-3 backdrop-blur sm:px-4 lg:h-[60px] lg:px-6">
          <button
            ref={drawerButton}
            type="button"
            aria-label="Open navigation menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onPointerEnter={load}
            onFocus={load}
            onClick={() => {
              setDrawerOpen(true);
              load();
            }}
            className="rounded-md p-2 hover:bg-muted md:hidden"
          >
            <MenuIcon className="h-5 w-5" aria-hidden="true" />
          </button>
          {overlays ? (
            <overlays.NavDrawer
              open={drawerOpen}
              onOpenChange={setDrawerOpen}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                drawerButton.current?.focus();
              }}
            >
              <NavList extra={MOBILE_ONLY_NAV} onNavigate={() => setDrawerOpen(false)} />
            </overlays.NavDrawer>
          ) : null}

          <p className="min-w-0 flex-1 truncate font-semibold" data-testid="school-name">
            {school?.name ?? 'Shule'}
          </p>
          <HeaderMenus overlays={overlays} focused={focused} load={load} />
        </header>

        <main className="min-w-0 flex-1 p-4 lg:p-6 print:p-0">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

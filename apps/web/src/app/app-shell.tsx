import * as Dialog from '@radix-ui/react-dialog';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Bell, ChevronDown, CircleUser, LogOut, Menu as MenuIcon, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Logo } from '../components/ui/logo';
import { cn } from '../lib/cn';
import { useSession } from '../lib/session';
import {
  ACADEMICS_NAV,
  DESKTOP_ONLY_NAV,
  MAIN_NAV,
  MOBILE_ONLY_NAV,
  type NavItem,
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

function NavList({ extra, onNavigate }: { extra: NavItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const inAcademics = ACADEMICS_NAV.some((i) => pathname.startsWith(i.to));
  const [academicsOpen, setAcademicsOpen] = useState(true);
  useEffect(() => {
    if (inAcademics) setAcademicsOpen(true);
  }, [inAcademics]);
  return (
    <nav aria-label="Main" className="flex flex-col gap-1 p-3">
      {MAIN_NAV.map((item) => (
        <NavLinkItem key={item.to} item={item} onNavigate={onNavigate} />
      ))}
      {extra.map((item) => (
        <NavLinkItem key={item.to} item={item} onNavigate={onNavigate} />
      ))}
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
          {ACADEMICS_NAV.map((item) => (
            <NavLinkItem key={item.to} item={item} onNavigate={onNavigate} />
          ))}
        </div>
      ) : null}
    </nav>
  );
}

function UserMenu() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const role = user?.roles[0]?.name;
  return (
    <Menu.Root>
      <Menu.Trigger
        className="flex items-center gap-2 rounded-full p-1 pr-2 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label="User menu"
      >
        <CircleUser className="h-7 w-7 text-slate-500" aria-hidden="true" />
        <span className="hidden text-left leading-tight sm:block">
          <span className="block text-sm font-medium">{user?.first_name}</span>
          {role ? (
            <span className="block text-xs capitalize text-muted-foreground">{role}</span>
          ) : null}
        </span>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-md border bg-background p-1 shadow-md"
        >
          <Menu.Label className="px-2 py-1.5 text-sm">
            <span className="block font-medium">{user?.first_name}</span>
            {role ? (
              <span className="block text-xs capitalize text-muted-foreground">{role}</span>
            ) : null}
          </Menu.Label>
          <Menu.Separator className="my-1 h-px bg-border" />
          <Menu.Item
            onSelect={() => navigate('/account')}
            className="cursor-pointer rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted"
          >
            My Account
          </Menu.Item>
          <Menu.Item
            disabled
            className="rounded-sm px-2 py-1.5 text-sm text-muted-foreground outline-none"
          >
            Settings <span className="text-xs">(coming soon)</span>
          </Menu.Item>
          <Menu.Item
            disabled
            className="rounded-sm px-2 py-1.5 text-sm text-muted-foreground outline-none"
          >
            Support <span className="text-xs">(coming soon)</span>
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-border" />
          <Menu.Item
            onSelect={async () => {
              await logout();
              navigate('/login', { replace: true });
            }}
            className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm text-destructive outline-none data-[highlighted]:bg-red-50"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

function NotificationsButton() {
  return (
    <Menu.Root>
      <Menu.Trigger
        className="rounded-full p-2 text-slate-600 hover:bg-muted"
        aria-label="Toggle notifications"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-64 rounded-md border bg-background p-4 text-sm shadow-md"
        >
          <p className="font-medium">Notifications</p>
          <p className="mt-1 text-muted-foreground">You have no notifications.</p>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

/** The signed-in layout: sidebar on desktop, slide-in drawer on phones, header with the user menu. */
export function AppShell() {
  const { school } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <div className="grid min-h-dvh md:grid-cols-[180px_1fr] lg:grid-cols-[240px_1fr]">
      <aside className="hidden border-r bg-slate-50/60 md:block">
        <div className="sticky top-0 flex max-h-dvh flex-col overflow-y-auto">
          <div className="flex h-14 items-center border-b px-4 lg:h-[60px]">
            <Logo />
          </div>
          <NavList extra={DESKTOP_ONLY_NAV} />
        </div>
      </aside>

      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/95 px-3 backdrop-blur sm:px-4 lg:h-[60px] lg:px-6">
          <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <Dialog.Trigger
              className="rounded-md p-2 hover:bg-muted md:hidden"
              aria-label="Open navigation menu"
            >
              <MenuIcon className="h-5 w-5" aria-hidden="true" />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
              <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-background shadow-xl md:hidden">
                <div className="flex h-14 items-center justify-between border-b px-4">
                  <Dialog.Title asChild>
                    <span>
                      <Logo />
                    </span>
                  </Dialog.Title>
                  <Dialog.Description className="sr-only">Navigation menu</Dialog.Description>
                  <Dialog.Close
                    className="rounded-md p-2 hover:bg-muted"
                    aria-label="Close navigation menu"
                  >
                    <X className="h-5 w-5" aria-hidden="true" />
                  </Dialog.Close>
                </div>
                <NavList extra={MOBILE_ONLY_NAV} onNavigate={() => setDrawerOpen(false)} />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>

          <p className="min-w-0 flex-1 truncate font-semibold" data-testid="school-name">
            {school?.name ?? 'Shule'}
          </p>
          <NotificationsButton />
          <UserMenu />
        </header>

        <main className="min-w-0 flex-1 p-4 lg:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

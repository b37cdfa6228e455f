import * as Dialog from '@radix-ui/react-dialog';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { LogOut, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Logo } from '../components/ui/logo';
import { useSession } from '../lib/session';

/**
 * The shell's menus and phone drawer, with the Radix code that drives them (focus, keyboard,
 * screen readers). app-shell.tsx loads this module once the page has settled, or sooner when a
 * menu is about to open, and until then shows look-alike menu buttons; `takeOver` says how a
 * menu takes over from its look-alike: focused if it had the keyboard focus, open if it was
 * already pressed.
 */
export interface TakeOver {
  focus: boolean;
  open: boolean;
}

/** A menu as app-shell.tsx places it: its button's look and content, and how it takes over. */
interface MenuProps {
  className: string;
  /** The button's accessible name. */
  name: string;
  label: ReactNode;
  takeOver: TakeOver;
}

export function UserMenu({ className, name, label, takeOver }: MenuProps) {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const role = user?.roles[0]?.name;
  // The school's settings are an admin's (the profile screen, /settings).
  const isAdmin = user?.roles.some((r) => r.name === 'admin') ?? false;
  return (
    <Menu.Root defaultOpen={takeOver.open}>
      <Menu.Trigger className={className} aria-label={name} autoFocus={takeOver.focus}>
        {label}
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
          {isAdmin ? (
            <Menu.Item
              onSelect={() => navigate('/settings')}
              className="cursor-pointer rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted"
            >
              Settings
            </Menu.Item>
          ) : null}
          <Menu.Item
            onSelect={() => navigate('/help')}
            className="cursor-pointer rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted"
          >
            Support
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

export function NotificationsMenu({ className, name, label, takeOver }: MenuProps) {
  return (
    <Menu.Root defaultOpen={takeOver.open}>
      <Menu.Trigger className={className} aria-label={name} autoFocus={takeOver.focus}>
        {label}
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

/**
 * The phone's navigation drawer. Its button stays with the shell (so it works before this module
 * arrives), which keeps the open state, closes the drawer on a link and takes the focus back.
 */
export function NavDrawer({
  open,
  onOpenChange,
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-background shadow-xl md:hidden"
        >
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
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { WINDOW_EVENTS } from '@carpool/shared/constants';
import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { lazyWithReload } from '../../lib/lazy-with-reload';
import { useRegion } from '../../lib/region';
import { useSession } from '../../lib/session';
import { dispatchWindowEvent, openAuthModal } from '../../lib/window-events';
import { ThemeToggle } from './theme-toggle';
import { BrandMark } from '../../components/brand-mark';

// The bell brings socket.io-client, which only a signed-in page needs; without its code the header
// simply has no bell.
const NotificationBell = lazyWithReload(
  () => import('../../features/messages/components/notification-bell').then((module) => module.NotificationBell),
  () => null,
);

// The unread count beside Inbox reads the inbox: signed-in pages only, loaded with them.
const InboxUnreadBadge = lazyWithReload(
  () => import('../../features/messages/components/inbox-unread-badge').then((module) => module.InboxUnreadBadge),
  () => null,
);

const itemBase =
  'inline-flex h-10 shrink-0 items-center gap-2 whitespace-nowrap rounded-xl px-2.5 lg:px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-brand-500';
const itemIdle = 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white';
const itemActive = 'bg-brand-50 text-brand-700 dark:bg-brand-950/60 dark:text-brand-200';

function navClasses({ isActive }: { isActive: boolean }) {
  return `${itemBase} ${isActive ? itemActive : itemIdle}`;
}

function Logo() {
  const { detail, toPath } = useRegion();
  return (
    <Link
      to={toPath('/')}
      className="flex items-center gap-2 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <BrandMark />
      <span className="flex flex-col leading-tight">
        <span className="text-base font-extrabold tracking-tight text-slate-900 dark:text-white">Carpool</span>
        <span className="text-xs font-medium text-brand-700 dark:text-brand-300">{detail.name}</span>
      </span>
    </Link>
  );
}

/**
 * The header's actions, laid out in a row (desktop) or a column (mobile menu). A signed-out user's
 * protected actions open the sign-in dialog instead (spec section 2, Header).
 */
function HeaderActions({ layout, onAction }: { layout: 'row' | 'column'; onAction: () => void }) {
  const { toPath } = useRegion();
  const { user, signOut } = useSession();
  const column = layout === 'column';
  const itemLayout = column ? 'w-full justify-start' : '';

  const protectedLink = (label: string, path: string, badge?: ReactNode) =>
    user ? (
      <NavLink to={toPath(path)} className={(state) => `${navClasses(state)} ${itemLayout}`} onClick={onAction}>
        {label}
        {badge}
      </NavLink>
    ) : (
      <button
        type="button"
        className={`${itemBase} ${itemIdle} ${itemLayout}`}
        onClick={() => {
          onAction();
          openAuthModal();
        }}
      >
        {label}
      </button>
    );

  const protectedAction = (label: string, event: typeof WINDOW_EVENTS.openPostRide | typeof WINDOW_EVENTS.openRequestRide, primary = false) => (
    <button
      type="button"
      className={
        primary
          ? `${itemBase} bg-brand-600 text-white shadow-sm hover:bg-brand-700 ${itemLayout}`
          : `${itemBase} ${itemIdle} ${itemLayout}`
      }
      onClick={() => {
        onAction();
        if (user) dispatchWindowEvent(event, undefined);
        else openAuthModal();
      }}
    >
      {label}
    </button>
  );

  return (
    <div className={column ? 'flex flex-col gap-1' : 'flex items-center gap-1'}>
      {protectedLink('My Rides', '/my-rides')}
      {/* Public: a driver signed in or not finds who needs a ride (between md and lg only the menu's footer link fits). */}
      <NavLink to={toPath('/ride-requests')} className={(state) => `${navClasses(state)} ${column ? itemLayout : 'max-lg:hidden'}`} onClick={onAction}>
        Ride Requests
      </NavLink>
      {protectedAction('Request a Ride', WINDOW_EVENTS.openRequestRide)}
      {protectedAction('Post a Ride', WINDOW_EVENTS.openPostRide, true)}
      {protectedLink(
        'Inbox',
        '/inbox',
        <Suspense fallback={null}>
          <InboxUnreadBadge />
        </Suspense>,
      )}
      {(user?.isAdmin || (user?.moderatedRegions?.length ?? 0) > 0) && protectedLink('Admin', '/admin')}
      <span aria-hidden="true" className={column ? 'my-2 h-px bg-slate-200 dark:bg-slate-700' : 'mx-2 h-6 w-px bg-slate-200 dark:bg-slate-700'} />
      {user ? (
        <>
          <NavLink to={toPath('/profile')} end className={(state) => `${navClasses(state)} ${itemLayout} max-w-full`} onClick={onAction}>
            <Avatar name={user.name} src={user.avatar} color={user.avatarColor} size="sm" />
            {/* Between md and lg only the avatar fits; it carries the name for screen readers. */}
            <span className={column ? 'truncate' : 'hidden max-w-[9rem] truncate lg:inline'}>{user.name}</span>
          </NavLink>
          <button
            type="button"
            className={`${itemBase} ${itemIdle} ${itemLayout}`}
            onClick={() => {
              onAction();
              void signOut();
            }}
          >
            Sign out
          </button>
        </>
      ) : (
        <Button
          variant={column ? 'primary' : 'secondary'}
          className={column ? 'w-full' : ''}
          onClick={() => {
            onAction();
            openAuthModal();
          }}
        >
          Sign in
        </Button>
      )}
    </div>
  );
}

// The bell's panel offers push notifications; its code comes with the panel's first opening.
const PushToggle = lazyWithReload(
  () => import('../../features/notification-settings/components/push-toggle').then((module) => module.PushToggle),
  () => null,
);

/** The bell for a signed-in user; the placeholder while it loads has its size, so nothing moves. */
function HeaderBell() {
  const { isSignedIn } = useSession();
  if (!isSignedIn) return null;
  return (
    <Suspense fallback={<span aria-hidden="true" className="inline-block h-10 w-10" />}>
      <NotificationBell
        footer={
          <Suspense fallback={null}>
            <PushToggle compact />
          </Suspense>
        }
      />
    </Suspense>
  );
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();

  // A navigation closes the mobile menu.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <HeaderActions layout="row" onAction={() => undefined} />
          <HeaderBell />
          <ThemeToggle />
        </nav>
        <div className="flex items-center gap-1 md:hidden">
          <HeaderBell />
          <ThemeToggle />
          <button
            type="button"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
            className="inline-flex h-10 w-10 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              {menuOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>
      {menuOpen ? (
        <nav id={menuId} aria-label="Main" className="border-t border-slate-200 px-4 pb-4 pt-2 md:hidden dark:border-slate-800">
          <HeaderActions layout="column" onAction={() => setMenuOpen(false)} />
        </nav>
      ) : null}
    </header>
  );
}

import { Suspense } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import { lazyWithReload } from '../lib/lazy-with-reload';
import { AppLayout } from './layout/app-layout';
import { AppRoot } from './root';
import { ConversationGuard, OtherUserProfileGuard, RequireSignedIn } from './routes/guards';
import { renderRideChat } from './routes/ride-chat-slot';
import { myRideRequestsPanel } from './routes/ride-requests-slots';
import { PageErrorBoundary } from './routes/page-error-boundary';
import { personReportBlockActions, profileSafetySection, renderSafetyActions } from './routes/trust-slots';
import { SafetyActionsProvider } from '../lib/safety-actions';
import { regionPrefixOf } from '../lib/region';

// Every page is a chunk of its own, loaded when it is first shown (docs/decisions/web-code-splitting.md);
// the layout's Suspense shows the fallback. The home page's chunk is loaded before the first
// render on a home address (preloadFirstPage), so that render draws it over the static shell.
const HomeRoute = lazyWithReload(() => import('./routes/home').then((module) => module.HomeRoute));
const MyRidesPage = lazyWithReload(() => import('../features/rides/components/my-rides-page').then((module) => module.MyRidesPage));
const RideRequestsPage = lazyWithReload(() =>
  import('../features/ride-requests/components/ride-requests-page').then((module) => module.RideRequestsPage),
);
const ProfilePage = lazyWithReload(() => import('../features/profile/components/profile-page').then((module) => module.ProfilePage));
const UserProfilePage = lazyWithReload(() =>
  import('../features/profile/components/user-profile-page').then((module) => module.UserProfilePage),
);
const NotificationSettingsPage = lazyWithReload(() =>
  import('../features/notification-settings/components/notification-settings-page').then((module) => module.NotificationSettingsPage),
);
const ConversationPage = lazyWithReload(() =>
  import('../features/messages/components/conversation-page').then((module) => module.ConversationPage),
);
const InboxPage = lazyWithReload(() => import('../features/messages/components/inbox-page').then((module) => module.InboxPage));
const LoginRoute = lazyWithReload(() => import('./routes/login').then((module) => module.LoginRoute));
const TermsPage = lazyWithReload(() => import('./routes/terms').then((module) => module.TermsPage));
const NotFoundPage = lazyWithReload(() => import('./routes/not-found').then((module) => module.NotFoundPage));
const AdminPage = lazyWithReload(() => import('../features/admin/components/admin-page').then((module) => module.AdminPage));
const DevSignInPage = lazyWithReload(() => import('../features/auth/components/dev-sign-in-page').then((module) => module.DevSignInPage));

/** The pages of spec section 2, mounted at /, /cornell and /nj alike. */
const pageRoutes: RouteObject[] = [
  { index: true, element: <HomeRoute /> },
  { path: 'my-rides', element: <RequireSignedIn><MyRidesPage chatSlot={renderRideChat} requestsPanel={myRideRequestsPanel} /></RequireSignedIn> },
  { path: 'ride-requests', element: <RideRequestsPage /> },
  { path: 'profile', element: <RequireSignedIn><ProfilePage safetySlot={profileSafetySection} /></RequireSignedIn> },
  { path: 'profile/notifications', element: <RequireSignedIn><NotificationSettingsPage /></RequireSignedIn> },
  { path: 'profile/:userId', element: <OtherUserProfileGuard><UserProfilePage actionsSlot={personReportBlockActions} /></OtherUserProfileGuard> },
  { path: 'conversation-messages/:userId', element: <ConversationGuard><ConversationPage actionsSlot={personReportBlockActions} /></ConversationGuard> },
  { path: 'inbox', element: <InboxPage /> },
  { path: 'login', element: <LoginRoute /> },
  { path: 'terms', element: <TermsPage /> },
  { path: 'admin', element: <AdminPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      // A bare window without the header: it only lives until it hands the token over.
      { path: '/dev-sign-in', element: <Suspense fallback={null}><DevSignInPage /></Suspense> },
      {
        element: (
          <SafetyActionsProvider value={renderSafetyActions}>
            <AppLayout />
          </SafetyActionsProvider>
        ),
        children: [
          {
            // A page that fails (its code did not load) shows inside the layout, header and all.
            element: <PageErrorBoundary />,
            children: [
              { path: '/', children: pageRoutes },
              { path: '/cornell', children: pageRoutes },
              { path: '/nj', children: pageRoutes },
            ],
          },
        ],
      },
    ],
  },
];

/** The address without its region prefix: /nj/login -> /login, /nj -> ''. */
function withoutRegionPrefix(pathname: string): string {
  const prefix = regionPrefixOf(pathname);
  return prefix ? pathname.slice(prefix.length + 1) : pathname;
}

/**
 * Loads the home page's code before the first render on a home address (and on /login, the home
 * page under the sign-in dialog): index.html's static shell shows the header and hero meanwhile,
 * and React replaces it with the same drawing instead of a loading state. Other addresses render
 * at once (header first, their page when it arrives).
 */
export function preloadFirstPage(pathname: string): Promise<void> {
  const path = withoutRegionPrefix(pathname);
  if (path === '' || path === '/') return HomeRoute.preload();
  if (path === '/login' || path === '/login/') return LoginRoute.preload();
  return Promise.resolve();
}

/** The route objects, matched against the address. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The router's declarative mode: the app loads no data through the router (React Query does), and
 * the data router's code (loaders, actions, fetchers) was a fifth of the first bundle
 * (docs/decisions/web-code-splitting.md). Navigations are still React transitions.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

import { Suspense } from 'react';
import { BrowserRouter, matchRoutes, Outlet, useRoutes, type RouteObject } from 'react-router';
import { lazyWithReload } from '../lib/lazy-with-reload';
import { AppLayout } from './layout/app-layout';
import { AppRoot } from './root';
import { ConversationGuard, OtherUserProfileGuard, RequireSignedIn } from './routes/guards';
import { renderRideChat } from './routes/ride-chat-slot';
import { myRideRequestsPanel } from './routes/ride-requests-slots';
import { PageErrorBoundary } from './routes/page-error-boundary';
import { personReportBlockActions, profileSafetySection, renderSafetyActions } from './routes/trust-slots';
import { SafetyActionsProvider } from '../lib/safety-actions';
import { regionPrefixOf, useRegion } from '../lib/region';

// Every page is a chunk of its own, loaded when it is first shown (docs/decisions/web-code-splitting.md);
// the layout's Suspense shows the fallback. The first address's page is loaded before the first
// render (preloadFirstPage), so that render draws it (on a home address, over the static shell).
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
const CampusReturnPage = lazyWithReload(() => import('../features/auth/components/campus-return-page').then((module) => module.CampusReturnPage));
const DevSignInPage = lazyWithReload(() => import('../features/auth/components/dev-sign-in-page').then((module) => module.DevSignInPage));

/** What a page route carries beside its element: the page it draws, for preloadFirstPage. */
interface PageHandle {
  page: { preload: () => Promise<void> };
}

/** The pages of spec section 2, mounted at / and under each region's prefix (/cornell, /nj, ...) alike. */
const pageRoutes: RouteObject[] = [
  { index: true, element: <HomeRoute />, handle: { page: HomeRoute } },
  { path: 'my-rides', element: <RequireSignedIn><MyRidesPage chatSlot={renderRideChat} requestsPanel={myRideRequestsPanel} /></RequireSignedIn>, handle: { page: MyRidesPage } },
  { path: 'ride-requests', element: <RideRequestsPage />, handle: { page: RideRequestsPage } },
  { path: 'profile', element: <RequireSignedIn><ProfilePage safetySlot={profileSafetySection} /></RequireSignedIn>, handle: { page: ProfilePage } },
  { path: 'profile/notifications', element: <RequireSignedIn><NotificationSettingsPage /></RequireSignedIn>, handle: { page: NotificationSettingsPage } },
  { path: 'profile/:userId', element: <OtherUserProfileGuard><UserProfilePage actionsSlot={personReportBlockActions} /></OtherUserProfileGuard>, handle: { page: UserProfilePage } },
  { path: 'conversation-messages/:userId', element: <ConversationGuard><ConversationPage actionsSlot={personReportBlockActions} /></ConversationGuard>, handle: { page: ConversationPage } },
  { path: 'inbox', element: <InboxPage />, handle: { page: InboxPage } },
  { path: 'login', element: <LoginRoute />, handle: { page: LoginRoute } },
  { path: 'sign-in/campus', element: <CampusReturnPage />, handle: { page: CampusReturnPage } },
  { path: 'terms', element: <TermsPage />, handle: { page: TermsPage } },
  { path: 'admin', element: <AdminPage />, handle: { page: AdminPage } },
  { path: 'admin/:section', element: <AdminPage />, handle: { page: AdminPage } },
  { path: '*', element: <NotFoundPage />, handle: { page: NotFoundPage } },
] satisfies (RouteObject & { handle: PageHandle })[];

/** A region's pages, or "not found" when the address's first segment names no region. */
function KnownRegion() {
  const { unknownPrefix } = useRegion();
  return unknownPrefix ? <NotFoundPage /> : <Outlet />;
}

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
              // Any region's pages: a first segment that names no region answers "not found".
              { path: '/:region', element: <KnownRegion />, children: pageRoutes },
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
 * Loads the code of the address's page before the first render, so that render draws the page
 * rather than the layout's fallback, and the page's chunk is asked for as the entry runs rather
 * than once React has rendered the layout. On a home address (and /login, the home page under the
 * sign-in dialog) index.html's static shell shows the header and hero meanwhile, and React
 * replaces it with the same drawing.
 */
export function preloadFirstPage(pathname: string): Promise<void> {
  const matches = matchRoutes(pageRoutes, withoutRegionPrefix(pathname) || '/');
  const handle = matches?.at(-1)?.route.handle as PageHandle | undefined;
  return handle ? handle.page.preload() : Promise.resolve();
}

/** The route objects, matched against the address. */
function AppRoutes() {
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

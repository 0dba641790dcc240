import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { DevSignInPage } from '../features/auth/components/dev-sign-in-page';
import { ConversationPage } from '../features/messages/components/conversation-page';
import { InboxPage } from '../features/messages/components/inbox-page';
import { ProfilePage } from '../features/profile/components/profile-page';
import { UserProfilePage } from '../features/profile/components/user-profile-page';
import { RideRequestsPage } from '../features/ride-requests/components/ride-requests-page';
import { MyRidesPage } from '../features/rides/components/my-rides-page';
import { AppLayout } from './layout/app-layout';
import { AppRoot } from './root';
import { ConversationGuard, OtherUserProfileGuard, RequireSignedIn } from './routes/guards';
import { HomeRoute } from './routes/home';
import { LoginRoute } from './routes/login';
import { NotFoundPage } from './routes/not-found';
import { renderRideChat } from './routes/ride-chat-slot';
import { myRideRequestsPanel } from './routes/ride-requests-slots';
import { TermsPage } from './routes/terms';

/** The pages of spec section 2, mounted at /, /cornell and /nj alike. */
const pageRoutes: RouteObject[] = [
  { index: true, element: <HomeRoute /> },
  { path: 'my-rides', element: <RequireSignedIn><MyRidesPage chatSlot={renderRideChat} requestsPanel={myRideRequestsPanel} /></RequireSignedIn> },
  { path: 'ride-requests', element: <RideRequestsPage /> },
  { path: 'profile', element: <RequireSignedIn><ProfilePage /></RequireSignedIn> },
  { path: 'profile/:userId', element: <OtherUserProfileGuard><UserProfilePage /></OtherUserProfileGuard> },
  { path: 'conversation-messages/:userId', element: <ConversationGuard><ConversationPage /></ConversationGuard> },
  { path: 'inbox', element: <InboxPage /> },
  { path: 'login', element: <LoginRoute /> },
  { path: 'terms', element: <TermsPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      // A bare window without the header: it only lives until it hands the token over.
      { path: '/dev-sign-in', element: <DevSignInPage /> },
      {
        element: <AppLayout />,
        children: [
          { path: '/', children: pageRoutes },
          { path: '/cornell', children: pageRoutes },
          { path: '/nj', children: pageRoutes },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}

import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useRegion } from '../../lib/region';
import { useSession } from '../../lib/session';

/** /my-rides and /profile: signed-out visitors go to the home page (spec section 2). */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { isSignedIn } = useSession();
  const { toPath } = useRegion();
  if (!isSignedIn) return <Navigate to={toPath('/')} replace />;
  return children;
}

/** /profile/:userId: your own id shows your own profile. */
export function OtherUserProfileGuard({ children }: { children: ReactNode }) {
  const { userId } = useParams();
  const { user } = useSession();
  const { toPath } = useRegion();
  if (user && userId === user.id) return <Navigate to={toPath('/profile')} replace />;
  return children;
}

/** /conversation-messages/:userId: signed out goes to the login route, your own id to /profile. */
export function ConversationGuard({ children }: { children: ReactNode }) {
  const { userId = '' } = useParams();
  const { user } = useSession();
  const { toPath } = useRegion();
  if (!user) {
    const redirect = `conversation-messages/${encodeURIComponent(userId)}`;
    return <Navigate to={`${toPath('/login')}?redirect=${redirect}`} replace />;
  }
  if (userId === user.id) return <Navigate to={toPath('/profile')} replace />;
  return children;
}

import { TEXTS } from '@carpool/shared/texts';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { useUserProfile } from '../api/get-user-profile';
import { PreferenceList } from '../../../components/preference-list';
import { ProfileCard } from './profile-card';
import { ProfileLoading, ProfileMessage } from './profile-states';
import { ProfileSummary } from './profile-summary';
import { ReviewsSection } from './reviews-section';

/** Another user's profile (/profile/:userId); the router sends the viewer's own id to /profile. */
/** `actionsSlot` renders Report and Block for the shown person (another feature; the router supplies it). */
export function UserProfilePage({ actionsSlot }: { actionsSlot?: (person: { id: string; name: string }) => ReactNode }) {
  const { isSignedIn } = useSession();
  const { userId = '' } = useParams();
  if (!isSignedIn) return <ProfileMessage>{TEXTS.profileSignedOut}</ProfileMessage>;
  return <OtherProfile userId={userId} actionsSlot={actionsSlot} />;
}

function OtherProfile({ userId, actionsSlot }: { userId: string; actionsSlot?: ((person: { id: string; name: string }) => ReactNode) | undefined }) {
  const { toPath } = useRegion();
  const query = useUserProfile(userId);

  if (query.isPending) return <ProfileLoading />;
  if (query.isError) {
    const error = query.error;
    // A malformed id (400) is as unknown as a missing one (404).
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return <ProfileMessage>{TEXTS.userNotFound}</ProfileMessage>;
    const message = isApiError(error) && error.status !== 0 ? error.message : TEXTS.loadProfileFailed;
    return <ProfileMessage tone="error">{message}</ProfileMessage>;
  }

  const profile = query.data;
  return (
    <div className="flex flex-col gap-6">
      <ProfileSummary
        profile={profile}
        showVerificationLabel={false}
        actions={
          <>
          <Link to={toPath(`/conversation-messages/${profile.id}`)} className={buttonClasses('primary')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
            </svg>
            {TEXTS.profile.messageUser(profile.name)}
          </Link>
          {actionsSlot?.({ id: profile.id, name: profile.name })}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6">
          <ProfileCard title="About">
            <p className="whitespace-pre-line break-words text-slate-700 dark:text-slate-200">
              {profile.bio || <span className="text-slate-500 dark:text-slate-400">{profile.name} has not written a bio yet.</span>}
            </p>
          </ProfileCard>
          <ProfileCard title="Ride Preferences">
            <PreferenceList preferences={profile.preferences} />
          </ProfileCard>
        </div>
        <div className="lg:col-span-2">
          <ReviewsSection userId={profile.id} />
        </div>
      </div>
    </div>
  );
}

import type { SessionUser, UserProfile } from '@carpool/shared/schemas/users';
import { TEXTS } from '@carpool/shared/texts';
import { Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DialogLoading, DialogUnavailable } from '../../../components/ui/dialog-loading';
import { isApiError } from '../../../lib/api-client';
import { lazyWithReload, preloadOnIntent } from '../../../lib/lazy-with-reload';
import { useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { useUserProfile } from '../api/get-user-profile';
import { PayoutStatusCard } from './payout-status';
import { PreferenceList } from '../../../components/preference-list';
import { ProfileCard } from './profile-card';
import { ProfileLoading, ProfileMessage } from './profile-states';
import { ProfileSummary } from './profile-summary';
import { ReviewsSection } from './reviews-section';
import { VerificationRejectedNotice } from './verification-rejected-notice';

// The two forms (react-hook-form, zod, Radix Dialog) load when their button is pointed at,
// focused or used, not with the page (docs/decisions/web-code-splitting.md).
const EditProfileDialog = lazyWithReload(() => import('./edit-profile-dialog').then((module) => module.EditProfileDialog), DialogUnavailable);
const VerificationDialog = lazyWithReload(() => import('./verification-dialog').then((module) => module.VerificationDialog), DialogUnavailable);

/** The fields the session already holds are the freshest right after an edit or an upload. */
function withSessionFields(profile: UserProfile, user: SessionUser): UserProfile {
  const { name, avatar, avatarColor, bio, preferences, verificationStatus, driverVerified } = user;
  return { ...profile, name, avatar, avatarColor, bio, preferences, verificationStatus, driverVerified };
}

/** The signed-in user's own profile; the router lets only signed-in users here. */
/** `safetySlot`: the blocked people and the account's data actions, from another feature (the router supplies it). */
export function ProfilePage({ safetySlot }: { safetySlot?: ReactNode }) {
  const { user } = useSession();
  if (!user) return null;
  return <OwnProfile user={user} safetySlot={safetySlot} />;
}

function OwnProfile({ user, safetySlot }: { user: SessionUser; safetySlot: ReactNode }) {
  const { toPath } = useRegion();
  const query = useUserProfile(user.id);
  const [editing, setEditing] = useState(false);
  const [verifying, setVerifying] = useState(false);

  if (query.isPending) return <ProfileLoading />;
  if (query.isError) {
    const message = isApiError(query.error) && query.error.status !== 0 ? query.error.message : TEXTS.loadProfileFailed;
    return <ProfileMessage tone="error">{message}</ProfileMessage>;
  }

  const profile = withSessionFields(query.data, user);
  const mayApply = profile.verificationStatus === 'none' || profile.verificationStatus === 'rejected';
  return (
    <div className="flex flex-col gap-6">
      <ProfileSummary
        profile={profile}
        email={user.email}
        showVerificationLabel
        actions={
          <>
            <Button
              variant="secondary"
              {...preloadOnIntent(EditProfileDialog)}
              onClick={() => setEditing(true)}
            >
              {TEXTS.profile.editProfile}
            </Button>
            <Link to={toPath('/profile/notifications')} className={buttonClasses('secondary')}>
              Notification settings
            </Link>
            {mayApply ? (
              <Button
                {...preloadOnIntent(VerificationDialog)}
                onClick={() => setVerifying(true)}
              >
                {TEXTS.profile.becomeVerifiedDriver}
              </Button>
            ) : null}
          </>
        }
      />
      <VerificationRejectedNotice rejected={!profile.driverVerified && profile.verificationStatus === 'rejected'} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6">
          <ProfileCard title="About">
            <p className="whitespace-pre-line break-words text-slate-700 dark:text-slate-200">
              {profile.bio || <span className="text-slate-500 dark:text-slate-400">Nothing here yet. Tell others about yourself with Edit Profile.</span>}
            </p>
          </ProfileCard>
          <ProfileCard title="Ride Preferences">
            <PreferenceList preferences={profile.preferences} />
          </ProfileCard>
          <PayoutStatusCard />
        </div>
        <div className="lg:col-span-2">
          <ReviewsSection userId={user.id} />
        </div>
      </div>
      {safetySlot}
      {editing ? (
        <Suspense fallback={<DialogLoading />}>
          <EditProfileDialog open onClose={() => setEditing(false)} user={user} />
        </Suspense>
      ) : null}
      {verifying ? (
        <Suspense fallback={<DialogLoading />}>
          <VerificationDialog open onClose={() => setVerifying(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

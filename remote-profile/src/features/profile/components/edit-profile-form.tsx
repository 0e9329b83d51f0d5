import { errorMessage, toast, useNavigate, useUserStore } from '@bullpen/shared';
import { Button, ButtonLink, PageError, PageLoader } from '@bullpen/shared/ui';
import { editProfileBodySchema, type UserProfile } from '@bullpen/contract';
import { ProfileFields, useProfileForm } from '../../profile-form';
import { editProfile, useUserProfile } from '../api/profile-api';
import '@bullpen/shared/ui/parts.css';

function Form({ profile }: { profile: UserProfile }) {
  const navigate = useNavigate();
  const { control, pending, submit } = useProfileForm(
    { callSign: profile.ticker, displayName: profile.displayName, bio: profile.bio },
    editProfileBodySchema,
    async (body) => {
      await editProfile(body);
      toast.success('Profile saved');
      navigate('/profile');
    },
  );

  return (
    <form className="bp-card bp-form" onSubmit={submit} noValidate aria-labelledby="edit-profile-title">
      <h1 id="edit-profile-title">Edit profile</h1>
      <p className="bp-lead">Your call sign and name show on every leaderboard; changes apply everywhere at once.</p>
      <ProfileFields control={control} disabled={pending} />
      <div className="bp-form__actions">
        <ButtonLink variant="ghost" to="/profile">
          Cancel
        </ButtonLink>
        <Button type="submit" variant="primary" loading={pending} loadingText="Saving…">
          Save changes
        </Button>
      </div>
    </form>
  );
}

export function EditProfileForm() {
  const userId = useUserStore((state) => state.user?.id ?? null);
  const { data, error, mutate } = useUserProfile(userId);
  if (error) {
    return (
      <PageError title="Could not load your profile" message={errorMessage(error)} onRetry={() => void mutate()} />
    );
  }
  if (!data) {
    return <PageLoader label="Loading profile…" />;
  }
  return <Form key={data.userProfile.userId} profile={data.userProfile} />;
}

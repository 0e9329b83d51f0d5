import { errorMessage, Link, toast, useNavigate, useUserStore } from '@bullpen/shared';
import { editProfileBodySchema, type UserProfile } from '@bullpen/shared/schemas';
import { ProfileFields, useProfileForm } from '../../profile-form';
import { editProfile, useUserProfile } from '../api/profile-api';

function Form({ profile }: { profile: UserProfile }) {
  const navigate = useNavigate();
  const { values, setValues, errors, pending, submit } = useProfileForm(
    { callSign: profile.ticker, displayName: profile.displayName, bio: profile.bio },
    editProfileBodySchema,
    async (body) => {
      await editProfile(body);
      toast.success('Profile saved');
      navigate('/profile');
    },
  );

  return (
    <form className="pf-card" onSubmit={submit} noValidate aria-labelledby="edit-profile-title">
      <h1 id="edit-profile-title">Edit profile</h1>
      <p className="pf-lead">Your call sign and name show on every leaderboard; changes apply everywhere at once.</p>
      <ProfileFields values={values} errors={errors} disabled={pending} onChange={setValues} />
      <div className="pf-actions">
        <Link className="pv-button" to="/profile">
          Cancel
        </Link>
        <button type="submit" className="pf-button" disabled={pending}>
          {pending ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}

export function EditProfileForm() {
  const userId = useUserStore((state) => state.user?.id ?? null);
  const { data, error, mutate } = useUserProfile(userId);
  if (error) {
    return (
      <section className="pv-card pv-state" role="alert">
        <h1>Could not load your profile</h1>
        <p className="pv-muted">{errorMessage(error)}</p>
        <button type="button" className="pv-button" onClick={() => mutate()}>
          Try again
        </button>
      </section>
    );
  }
  if (!data) {
    return (
      <div className="pv-loading" role="status">
        <span className="pv-spinner" aria-hidden="true" /> Loading profile…
      </div>
    );
  }
  return <Form key={data.userProfile.userId} profile={data.userProfile} />;
}

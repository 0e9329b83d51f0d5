import { ApiError, errorMessage, notifyError, toast, useUserStore } from '@bullpen/shared';
import { editProfileBodySchema, type UserProfile } from '@bullpen/shared/schemas';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorsFromIssues, type ProfileErrors, ProfileFields, type ProfileValues } from '../../profile-form';
import { editProfile, useUserProfile } from '../api/profile-api';

function Form({ profile }: { profile: UserProfile }) {
  const [values, setValues] = useState<ProfileValues>({
    callSign: profile.ticker,
    displayName: profile.displayName,
    bio: profile.bio,
  });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = editProfileBodySchema.safeParse({ ...values, ticker: values.callSign });
    if (!parsed.success) {
      setErrors(errorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await editProfile(parsed.data);
      toast.success('Profile saved');
      navigate('/profile');
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) setErrors(errorsFromIssues(error.errors));
      notifyError(error);
      setPending(false);
    }
  };

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

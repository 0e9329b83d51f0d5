import { ApiError, notifyError, toast } from '@bullpen/shared';
import { initializeUserBodySchema } from '@bullpen/shared/schemas';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorsFromIssues, type ProfileErrors, ProfileFields, type ProfileValues } from '../../profile-form';
import { initializeUser } from '../api/initialize-user';

const EMPTY: ProfileValues = { callSign: '', displayName: '', bio: '' };

export function OnboardingForm() {
  const [values, setValues] = useState<ProfileValues>(EMPTY);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = initializeUserBodySchema.safeParse({ ...values, ticker: values.callSign });
    if (!parsed.success) {
      setErrors(errorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      // Going on from /auth or / means home; anywhere else, the user stays where they were headed.
      if (location.pathname === '/auth' || location.pathname === '/') navigate('/home', { replace: true });
      const { user } = await initializeUser(parsed.data);
      toast.success(`Welcome to Bullpen, ${user.ticker}!`);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) setErrors(errorsFromIssues(error.errors));
      notifyError(error);
      setPending(false);
    }
  };

  return (
    <form className="pf-card" onSubmit={submit} noValidate aria-labelledby="onboarding-title">
      <h1 id="onboarding-title">Welcome to Bullpen</h1>
      <p className="pf-lead">
        Choose the call sign other players will know you by. It shows on every leaderboard, like a ticker symbol.
      </p>
      <ProfileFields values={values} errors={errors} disabled={pending} onChange={setValues} />
      <div className="pf-actions">
        <button type="submit" className="pf-button" disabled={pending}>
          {pending ? 'Saving…' : 'Start playing'}
        </button>
      </div>
    </form>
  );
}

import { toast, useLocation, useNavigate } from '@bullpen/shared';
import { initializeUserBodySchema } from '@bullpen/shared/schemas';
import { ProfileFields, useProfileForm } from '../../profile-form';
import { initializeUser } from '../api/initialize-user';

export function OnboardingForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const { values, setValues, errors, pending, submit } = useProfileForm(
    { callSign: '', displayName: '', bio: '' },
    initializeUserBodySchema,
    async (body) => {
      // Going on from /auth or / means home; anywhere else, the user stays where they were headed.
      if (location.pathname === '/auth' || location.pathname === '/') navigate('/home', { replace: true });
      const { user } = await initializeUser(body);
      toast.success(`Welcome to Bullpen, ${user.ticker}!`);
    },
  );

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

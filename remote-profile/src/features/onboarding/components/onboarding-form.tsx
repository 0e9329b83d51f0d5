import { toast, useLocation, useNavigate } from '@bullpen/shared';
import { initializeUserBodySchema } from '@bullpen/contract';
import { Button } from '@bullpen/shared/ui';
import { ProfileFields, useProfileForm } from '../../profile-form';
import { initializeUser } from '../api/initialize-user';
import '@bullpen/shared/ui/parts.css';

export function OnboardingForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const { control, pending, submit } = useProfileForm(
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
    <form className="bp-card bp-form" onSubmit={submit} noValidate aria-labelledby="onboarding-title">
      <h1 id="onboarding-title">Welcome to Bullpen</h1>
      <p className="bp-lead">
        Choose the call sign other players will know you by. It shows on every leaderboard, like a ticker symbol.
      </p>
      <ProfileFields control={control} disabled={pending} />
      <div className="bp-form__actions">
        <Button type="submit" variant="primary" loading={pending} loadingText="Saving…">
          Start playing
        </Button>
      </div>
    </form>
  );
}

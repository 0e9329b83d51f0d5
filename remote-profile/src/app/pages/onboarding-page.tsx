import { OnboardingForm } from '../../features/onboarding';

/** Shown by the host instead of every route while the signed-in user has no call sign yet (SPEC §4). */
export default function OnboardingPage() {
  return <OnboardingForm />;
}

import { useSearchParams, useUserStore } from '@bullpen/shared';
import { ProfileView } from '../../features/profile';

/** /profile is the signed-in player's own profile; /profile?userId=… anyone's public one (leaderboards link here). */
export default function ProfilePage() {
  const [params] = useSearchParams();
  const me = useUserStore((state) => state.user?.id ?? null);
  const userId = params.get('userId') ?? me;
  if (!userId) return null;
  return <ProfileView key={userId} userId={userId} own={userId === me} />;
}

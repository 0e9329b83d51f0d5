import { useParams } from '@bullpen/shared';
import { PicksScreen } from '../../features/picks';

export default function EditPicksPage() {
  const { contestId = '' } = useParams();
  return <PicksScreen contestId={contestId} mode="change" />;
}

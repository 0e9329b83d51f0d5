import { useParams } from '@bullpen/shared';
import { ConfirmPicksScreen } from '../../features/picks';

export default function ConfirmSavePicksPage() {
  const { contestId = '' } = useParams();
  return <ConfirmPicksScreen key={contestId} contestId={contestId} />;
}

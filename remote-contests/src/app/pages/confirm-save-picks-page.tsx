import { useParams } from 'react-router-dom';
import { ConfirmPicksScreen } from '../../features/picks';

export default function ConfirmSavePicksPage() {
  const { contestId = '' } = useParams();
  return <ConfirmPicksScreen key={contestId} contestId={contestId} />;
}

import { useParams } from 'react-router-dom';
import { PicksScreen } from '../../features/picks';

export default function SavePicksPage() {
  const { contestId = '' } = useParams();
  return <PicksScreen contestId={contestId} mode="join" />;
}

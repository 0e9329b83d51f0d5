import { useParams } from '@bullpen/shared';
import { LiveContestView, LiveGate } from '../../features/live-contest';

export default function LiveContestPage() {
  const { contestId = '' } = useParams();
  return <LiveGate contestId={contestId}>{(contest) => <LiveContestView contest={contest} />}</LiveGate>;
}

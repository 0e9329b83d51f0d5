import { useParams } from '@bullpen/shared';
import { LiveGate, TradingView } from '../../features/live-contest';
import { OrderTicket } from '../../features/order-ticket';

export default function TradingPage() {
  const { contestId = '' } = useParams();
  return (
    <LiveGate contestId={contestId}>{(contest) => <TradingView contest={contest} Ticket={OrderTicket} />}</LiveGate>
  );
}

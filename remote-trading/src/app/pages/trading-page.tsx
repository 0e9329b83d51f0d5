import { useParams } from '@bullpen/shared';
import { LiveGate, type TicketComponent, TradingView } from '../../features/live-contest';
import { OrderTicket } from '../../features/order-ticket';
import { OpenOrders } from '../../features/orders';

/** The ticket column: the order ticket, then the orders waiting for their price. */
const TicketWithOrders: TicketComponent = (props) => (
  <div className="bp-stack">
    <OrderTicket {...props} />
    <OpenOrders contestId={props.contestId} />
  </div>
);

export default function TradingPage() {
  const { contestId = '' } = useParams();
  return (
    <LiveGate contestId={contestId}>
      {(contest) => <TradingView contest={contest} Ticket={TicketWithOrders} />}
    </LiveGate>
  );
}

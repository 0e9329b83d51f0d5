export { OrderTicket, type OrderTicketProps } from './components/order-ticket';
export {
  conditionalProblem,
  estimatedAmount,
  maxBuyQuantity,
  orderProblem,
  parsePrice,
  reservedAmount,
} from './lib/order-math';

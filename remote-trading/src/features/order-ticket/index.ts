export { OrderTicket, type OrderTicketProps } from './components/order-ticket';
export { estimatedAmount, maxBuyQuantity, orderProblem } from './lib/order-math';

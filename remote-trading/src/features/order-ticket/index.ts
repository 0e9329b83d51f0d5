export { OrderTicket } from './components/order-ticket';

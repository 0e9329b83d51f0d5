export { OrderTicket, type OrderTicketProps } from './components/order-ticket';

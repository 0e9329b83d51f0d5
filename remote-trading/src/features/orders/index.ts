export { placeConditionalOrder } from './api/orders-api';
export { OpenOrders } from './components/open-orders';

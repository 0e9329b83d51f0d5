export { placeConditionalOrder, useOrders } from './api/orders-api';
export { OpenOrders } from './components/open-orders';

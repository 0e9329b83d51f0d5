export { placeConditionalOrder, showPlacedOrder, useOrders } from './api/orders-api';
export { OpenOrders } from './components/open-orders';

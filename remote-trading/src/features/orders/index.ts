export { cancelOrder, ordersKey, placeConditionalOrder, useOrders } from './api/orders-api';
export { OpenOrders } from './components/open-orders';
export { useOrderFills } from './hooks/use-order-fills';
export { describePrices, describeSideAndSize, fillMessage, ORDER_TYPE_NAMES } from './lib/describe-order';

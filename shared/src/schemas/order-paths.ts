// No zod here (see api-paths.ts): API paths of API.md "Conditional orders".
export const ORDER_PATHS = {
  placeOrder: '/contest/orders',
  cancelOrder: '/contest/orders/cancel',
  contestOrders: (contestId: string) => `/contest/${encodeURIComponent(contestId)}/orders`,
} as const;

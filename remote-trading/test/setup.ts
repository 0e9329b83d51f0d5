// Every API call carries a fixed ID token; the network is msw's. jsdom has no canvas, so the chart library
// (ESM-only, which jest cannot resolve) is replaced by an inert stand-in.
jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: jest.fn(async () => ({ tokens: { idToken: { toString: () => 'test-id-token' } } })),
}));

jest.mock(
  'lightweight-charts',
  () => ({
    ColorType: { Solid: 'solid' },
    LineSeries: 'Line',
    createChart: () => ({
      addSeries: () => ({ setData: jest.fn() }),
      timeScale: () => ({ fitContent: jest.fn() }),
      remove: jest.fn(),
    }),
  }),
  { virtual: true },
);

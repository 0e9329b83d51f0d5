import '@testing-library/jest-dom';
import { requests, server } from './api-mock';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { useParams } from 'react-router-dom';
import { setRuntimeConfig } from '../config/runtime-config';
import { toast } from '../store/toast-store';
import { StandaloneApp } from './standalone-app';

const config = {
  apiHost: 'http://api.test',
  auth: { region: 'us-east-1', userPoolId: 'us-east-1_Test', userPoolClientId: 'client' },
  remotes: { auth: '', contests: '', trading: '', profile: '' },
};
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => setRuntimeConfig(null));

function Detail() {
  const { contestId } = useParams();
  return <h1>Detail of {contestId}</h1>;
}

it("loads config.json, then routes the remote's own pages with their params, and shows toasts", async () => {
  server.use(http.get('http://localhost/config.json', () => HttpResponse.json(config)));
  const user = userEvent.setup();
  render(
    <StandaloneApp
      name="remote-test"
      pages={[
        { path: '/home', element: <h1>Home page</h1> },
        { path: '/contest-detail/:contestId', element: <Detail />, example: '/contest-detail/ID' },
      ]}
    />,
  );
  await user.click(await screen.findByRole('link', { name: '/contest-detail/ID' }));
  expect(screen.getByRole('heading', { name: 'Detail of ID' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: '/home' }));
  expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();

  toast.error('Contest not found');
  expect(await screen.findByRole('alert')).toHaveTextContent('Contest not found');
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('says so when config.json cannot be loaded', async () => {
  server.use(http.get('http://localhost/config.json', () => new HttpResponse(null, { status: 404 })));
  render(<StandaloneApp name="remote-test" pages={[]} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not load /config.json (404)');
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

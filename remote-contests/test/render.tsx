import { useToastStore, useUserStore } from '@bullpen/shared';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ME } from './fixtures';

/** Shows where the app navigated, so tests can assert the destination without the other screens. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function signIn(user: { id: string; ticker: string; role: 'user' | 'admin' } = ME) {
  useUserStore.getState().setUser({ status: 'active', _id: user.id, ticker: user.ticker, role: user.role });
}

export function signOut() {
  useUserStore.getState().clear();
}

export const toasts = () => useToastStore.getState().toasts;

/** Renders one page at `path` under its route `pattern`, with a fresh SWR cache (holding `cached`: answers kept from
 *  an earlier visit, by key), and a catch-all probe route. */
export function renderPage(
  page: ReactElement,
  {
    pattern,
    path,
    state,
    cached = {},
  }: { pattern: string; path: string; state?: unknown; cached?: Record<string, unknown> },
) {
  const user = userEvent.setup();
  const cache = new Map(Object.entries(cached).map(([key, data]) => [key, { data }]));
  const utils = render(
    <SWRConfig value={{ provider: () => cache, dedupingInterval: 0 }}>
      <MemoryRouter
        initialEntries={[
          { pathname: path.split('?')[0] ?? path, search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
        ]}
      >
        <Routes>
          <Route path={pattern} element={page} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
  return { user, ...utils };
}

export function resetStores() {
  useToastStore.getState().clear();
  useUserStore.getState().clear();
}

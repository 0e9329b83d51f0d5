import { BrowserRouter, defaultSwrConfig } from '@bullpen/shared';
import { SWRConfig } from 'swr';
import { useAuthStatus } from '../features/auth-status';
import { Toaster } from '../features/toasts';
import { AuthGate } from './gate';

export function App() {
  const status = useAuthStatus();
  return (
    <SWRConfig value={defaultSwrConfig}>
      <BrowserRouter>
        <AuthGate status={status} />
        <Toaster />
      </BrowserRouter>
    </SWRConfig>
  );
}

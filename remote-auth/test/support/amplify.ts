import { configureAuth, type RuntimeConfig, setRuntimeConfig } from '@bullpen/shared';
import { CLIENT_ID, POOL_ENDPOINT, POOL_ID } from './cognito-mock';

/** What the host does with config.json in local mode (bootstrap.tsx), pointed at the msw stand-in. */
export function configureAmplify(): void {
  const config: RuntimeConfig = {
    apiHost: 'http://localhost:4000',
    auth: { region: 'us-east-1', userPoolId: POOL_ID, userPoolClientId: CLIENT_ID, userPoolEndpoint: POOL_ENDPOINT },
    remotes: { auth: '', contests: '', trading: '', profile: '' },
  };
  setRuntimeConfig(config);
  configureAuth(config);
}

import { Amplify } from 'aws-amplify';
import { CLIENT_ID, POOL_ENDPOINT, POOL_ID } from './cognito-mock';

/** The configuration the host applies from config.json in local mode, pointed at the msw stand-in. */
export function configureAmplify(): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: POOL_ID,
        userPoolClientId: CLIENT_ID,
        userPoolEndpoint: POOL_ENDPOINT,
      },
    },
  });
}

import { Alert } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { CONFIGURATION_ERROR_MESSAGE } from '../services/configuration-error';

export function ConfigurationError() {
  useEffect(() => {
    console.error(
      'Sign-in is not configured: Amplify has no Cognito user pool. The host configures it from config.json (auth.userPoolId, auth.userPoolClientId).',
    );
  }, []);
  return (
    <div data-amplify-authenticator="" className="bullpen-auth__configuration-error">
      <Alert variation="error" role="alert">
        {CONFIGURATION_ERROR_MESSAGE}
      </Alert>
    </div>
  );
}

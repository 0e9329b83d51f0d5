import { useEffect } from 'react';
import { CONFIGURATION_ERROR_MESSAGE } from '../services/configuration-error';

export function ConfigurationError() {
  useEffect(() => {
    console.error(
      'Sign-in is not configured: Amplify has no Cognito user pool. The host configures it from config.json (auth.userPoolId, auth.userPoolClientId).',
    );
  }, []);
  return (
    <div className="bullpen-auth__widget">
      <div className="bullpen-auth__alert" role="alert">
        <span className="bullpen-auth__alert-text">{CONFIGURATION_ERROR_MESSAGE}</span>
      </div>
    </div>
  );
}

import { Amplify } from 'aws-amplify';
import { Hub } from 'aws-amplify/utils';
import { useEffect, useState } from 'react';

function hasUserPool(): boolean {
  const cognito = Amplify.getConfig().Auth?.Cognito;
  return Boolean(cognito?.userPoolId && cognito.userPoolClientId);
}

/** Whether the one shared Amplify instance (configured by the host from config.json) has a user pool. */
export function useUserPoolConfigured(): boolean {
  const [configured, setConfigured] = useState(hasUserPool);
  useEffect(() => {
    setConfigured(hasUserPool());
    return Hub.listen('core', ({ payload }) => {
      if (payload.event === 'configure') setConfigured(hasUserPool());
    });
  }, []);
  return configured;
}

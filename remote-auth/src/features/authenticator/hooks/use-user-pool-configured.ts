import { getRuntimeConfig, isUserPoolConfigured, loadAuth, whenAuthLoaded } from '@bullpen/shared';
import { useEffect, useState } from 'react';

const hasUserPool = () => isUserPoolConfigured(getRuntimeConfig());

/**
 * Whether the host has a user pool to sign in with: its runtime config (config.json) names one. Read without Amplify, so
 * the form shows before Amplify has loaded; once it has, a later configuration (Amplify's `configure` event) is heard.
 */
export function useUserPoolConfigured(): boolean {
  const [configured, setConfigured] = useState(hasUserPool);
  useEffect(() => {
    let stopListening: () => void = () => undefined;
    const stopWatching = whenAuthLoaded(({ Hub }) => {
      setConfigured(hasUserPool());
      stopListening = Hub.listen('core', ({ payload }) => {
        if (payload.event === 'configure') setConfigured(hasUserPool());
      });
    });
    // The widget needs Amplify in a moment anyway (and a configuration error, to hear a later configure).
    loadAuth().catch(() => undefined);
    return () => {
      stopWatching();
      stopListening();
    };
  }, []);
  return configured;
}

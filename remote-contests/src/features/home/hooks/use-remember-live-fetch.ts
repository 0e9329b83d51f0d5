import { useUserStore } from '@bullpen/shared';
import { useEffect } from 'react';

/** SPEC §3: the client keeps lastLiveContestsFetched; set it each time the live list arrives. */
export function useRememberLiveFetch(liveCount: number | undefined) {
  useEffect(() => {
    if (liveCount === undefined) return;
    useUserStore.getState().setLastLiveContestsFetched(Date.now());
  }, [liveCount]);
}

import { useApiPost } from '@bullpen/shared';
import { API_PATHS, type EquitiesResponse } from '@bullpen/shared/schemas';

/** The tradable universe with today's simulated prices (POST /equity/get-equities, body {}). */
export const useEquities = () => useApiPost<EquitiesResponse>(API_PATHS.getEquities, {});

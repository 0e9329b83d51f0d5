import type { ApiBody, ApiPath, ApiResponse } from '@bullpen/contract/api-types';
import { ApiError } from './api-error';
import { type RequestOptions, request } from './request';

export { authorizationHeaders, getIdToken } from './id-token';
export { API_TIMEOUT_MS, type RequestOptions } from './request';

/** A GET of a path of API_PATHS, answered with that path's response type. */
export function apiGet<Path extends ApiPath<'get'>>(
  path: Path,
  options: RequestOptions = {},
): Promise<ApiResponse<Path, 'get'>> {
  return request<ApiResponse<Path, 'get'>>('GET', path, undefined, options);
}

/** A body that may be left out when the path takes an empty one. */
type BodyAndOptions<Path extends string> =
  Record<never, never> extends ApiBody<Path>
    ? [body?: ApiBody<Path>, options?: RequestOptions]
    : [body: ApiBody<Path>, options?: RequestOptions];

/** A POST of a path of API_PATHS with the body its schema takes, answered with its response type. SPEC §7: POST
 *  calls with an "empty" body send {}. */
export function apiPost<Path extends ApiPath<'post'>>(
  path: Path,
  ...[body, options = {}]: BodyAndOptions<Path>
): Promise<ApiResponse<Path, 'post'>> {
  return request<ApiResponse<Path, 'post'>>('POST', path, body ?? {}, options);
}

export { ApiError };

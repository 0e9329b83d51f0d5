import type { FieldError } from '@bullpen/shared/schemas';

/** An expected failure with its HTTP status and the API.md error body. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors: FieldError[] = []) => new ApiError(400, message, errors);
export const unauthorized = () => new ApiError(401, 'Unauthorized');
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string, errors: FieldError[] = []) => new ApiError(409, message, errors);

// When the user pool cannot be reached, Amplify (after its own retries) throws a NetworkError whose text, "A network
// error has occurred.", tells a person neither what failed nor what to do. The widget shows this instead.
export const USER_POOL_UNREACHABLE_MESSAGE =
  'Sign-in is unavailable: the sign-in service cannot be reached. Check your connection and try again in a moment.';

export function isUnreachableError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'NetworkError' || (error instanceof TypeError && /fetch/i.test(error.message)))
  );
}

export function toUnreachableError(error: unknown): Error {
  console.warn('The user pool cannot be reached.', error);
  const unreachable = new Error(USER_POOL_UNREACHABLE_MESSAGE);
  unreachable.name = 'UserPoolUnreachable';
  return unreachable;
}

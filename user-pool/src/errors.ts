/** A failure answered as Cognito does: HTTP 400 with the exception name in `__type` and `x-amzn-errortype`. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = type;
  }
}

export const incorrectCredentials = () => new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
export const userNotFound = () =>
  new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
export const codeMismatch = () =>
  new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
export const expiredCode = () =>
  new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message);
export const invalidAccessToken = () => new CognitoError('NotAuthorizedException', 'Invalid Access Token');
export const attemptLimit = (type: 'LimitExceededException' | 'TooManyRequestsException') =>
  new CognitoError(type, 'Attempt limit exceeded, please try after some time.');

import type { UserPool } from '../pool';
import {
  adminConfirmSignUp,
  adminCreateUser,
  adminDeleteUser,
  adminGetUser,
  adminResetUserPassword,
  adminSetUserPassword,
} from './admin';
import {
  deleteUser,
  getUser,
  getUserAttributeVerificationCode,
  updateUserAttributes,
  verifyUserAttribute,
} from './attributes';
import { associateSoftwareToken, setUserMfaPreference, verifySoftwareToken } from './mfa';
import type { Body } from './params';
import { changePassword, confirmForgotPassword, forgotPassword } from './password';
import { initiateAuth, respondToAuthChallenge } from './sign-in';
import { confirmSignUp, resendConfirmationCode, signUp } from './sign-up';
import { getTokensFromRefreshToken, globalSignOut, revokeToken } from './tokens';

export type Operation = (pool: UserPool, body: Body) => Promise<unknown>;

/** Every `AWSCognitoIdentityProviderService.<Operation>` the pool answers. */
export const operations: Record<string, Operation> = {
  SignUp: signUp,
  ConfirmSignUp: confirmSignUp,
  ResendConfirmationCode: resendConfirmationCode,
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  GetTokensFromRefreshToken: getTokensFromRefreshToken,
  ForgotPassword: forgotPassword,
  ConfirmForgotPassword: confirmForgotPassword,
  ChangePassword: changePassword,
  GetUser: getUser,
  GetUserAttributeVerificationCode: getUserAttributeVerificationCode,
  VerifyUserAttribute: verifyUserAttribute,
  UpdateUserAttributes: updateUserAttributes,
  GlobalSignOut: globalSignOut,
  RevokeToken: revokeToken,
  AssociateSoftwareToken: associateSoftwareToken,
  VerifySoftwareToken: verifySoftwareToken,
  SetUserMFAPreference: setUserMfaPreference,
  AdminCreateUser: adminCreateUser,
  AdminSetUserPassword: adminSetUserPassword,
  AdminGetUser: adminGetUser,
  AdminConfirmSignUp: adminConfirmSignUp,
  AdminDeleteUser: adminDeleteUser,
  AdminResetUserPassword: adminResetUserPassword,
  DeleteUser: deleteUser,
};

/** Admin operations carry no credentials, so they are only answered on loopback. */
export const isAdminOperation = (name: string): boolean => name.startsWith('Admin');

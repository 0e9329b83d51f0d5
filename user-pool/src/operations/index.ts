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
import {
  adminAddUserToGroup,
  adminListGroupsForUser,
  adminRemoveUserFromGroup,
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  listUsersInGroup,
  updateGroup,
} from './groups';
import { associateSoftwareToken, setUserMfaPreference, verifySoftwareToken } from './mfa';
import type { Body, RequestContext } from './params';
import { changePassword, confirmForgotPassword, forgotPassword } from './password';
import { initiateAuth, respondToAuthChallenge } from './sign-in';
import { confirmSignUp, resendConfirmationCode, signUp } from './sign-up';
import { getTokensFromRefreshToken, globalSignOut, revokeToken } from './tokens';

export type Operation = (pool: UserPool, body: Body, context: RequestContext) => Promise<unknown>;

/**
 * Every `AWSCognitoIdentityProviderService.<Operation>` the pool answers. A Map, so that only these names are found:
 * looking a request's name up on a plain object would also find `constructor`, `toString` or `__proto__`.
 */
export const operations: ReadonlyMap<string, Operation> = new Map<string, Operation>([
  ['SignUp', signUp],
  ['ConfirmSignUp', confirmSignUp],
  ['ResendConfirmationCode', resendConfirmationCode],
  ['InitiateAuth', initiateAuth],
  ['RespondToAuthChallenge', respondToAuthChallenge],
  ['GetTokensFromRefreshToken', getTokensFromRefreshToken],
  ['ForgotPassword', forgotPassword],
  ['ConfirmForgotPassword', confirmForgotPassword],
  ['ChangePassword', changePassword],
  ['GetUser', getUser],
  ['GetUserAttributeVerificationCode', getUserAttributeVerificationCode],
  ['VerifyUserAttribute', verifyUserAttribute],
  ['UpdateUserAttributes', updateUserAttributes],
  ['GlobalSignOut', globalSignOut],
  ['RevokeToken', revokeToken],
  ['AssociateSoftwareToken', associateSoftwareToken],
  ['VerifySoftwareToken', verifySoftwareToken],
  ['SetUserMFAPreference', setUserMfaPreference],
  ['DeleteUser', deleteUser],
  ['AdminCreateUser', adminCreateUser],
  ['AdminSetUserPassword', adminSetUserPassword],
  ['AdminGetUser', adminGetUser],
  ['AdminConfirmSignUp', adminConfirmSignUp],
  ['AdminDeleteUser', adminDeleteUser],
  ['AdminResetUserPassword', adminResetUserPassword],
  ['AdminAddUserToGroup', adminAddUserToGroup],
  ['AdminRemoveUserFromGroup', adminRemoveUserFromGroup],
  ['AdminListGroupsForUser', adminListGroupsForUser],
  ['CreateGroup', createGroup],
  ['GetGroup', getGroup],
  ['UpdateGroup', updateGroup],
  ['DeleteGroup', deleteGroup],
  ['ListGroups', listGroups],
  ['ListUsersInGroup', listUsersInGroup],
]);

/**
 * Operations a client calls on a user's behalf, proving it with a client id and a password, code, session or token:
 * answered to anyone. Every other operation carries no credentials (the `Admin*` ones, and the group operations,
 * whose names do not say so but which decide who is an admin): operators' calls, answered on loopback only.
 * Fail-closed: an operation added to the table and not listed here is loopback-only.
 */
const CLIENT_OPERATIONS: ReadonlySet<string> = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'UpdateUserAttributes',
  'GlobalSignOut',
  'RevokeToken',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'DeleteUser',
]);

export const isAdminOperation = (name: string): boolean => !CLIENT_OPERATIONS.has(name);

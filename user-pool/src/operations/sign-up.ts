import { CognitoError, invalidParameter, userNotFound } from '../errors';
import type { UserPool } from '../pool';
import { attributesFrom, type Body, requireString } from './params';
import { checkClientAttributes, createUser } from './users';

export async function signUp(pool: UserPool, body: Body) {
  const clientId = pool.checkClient(body.ClientId);
  const username = requireString(body, 'Username');
  const password = requireString(body, 'Password');
  const attributes = attributesFrom(body.UserAttributes);
  // The app signs up with the phone number as username; accept it as the phone attribute when it is left out.
  if (attributes.phone_number === undefined && username.startsWith('+')) attributes.phone_number = username;
  if (attributes.phone_number === undefined) {
    throw invalidParameter('Attributes did not conform to the schema: phone_number: The attribute is required');
  }
  checkClientAttributes(attributes);
  const user = await createUser(pool, username, password, attributes, 'UNCONFIRMED');
  user.attributes.phone_number_verified = 'false';
  const CodeDeliveryDetails = pool.codes.send(user, 'sign-up');
  return {
    UserConfirmed: false,
    UserSub: user.sub,
    CodeDeliveryDetails,
    Session: pool.sessions.open({ username, clientId, challenge: 'SIGN_UP', authTime: 0 }),
  };
}

export async function confirmSignUp(pool: UserPool, body: Body) {
  const clientId = pool.checkClient(body.ClientId);
  const user = pool.findUser(body.Username);
  if (!user) throw userNotFound();
  if (user.status !== 'UNCONFIRMED') {
    throw new CognitoError('NotAuthorizedException', `User cannot be confirmed. Current status is ${user.status}`);
  }
  const { destination } = pool.codes.consume(user, 'sign-up', body.ConfirmationCode);
  user.status = 'CONFIRMED';
  // Confirming by a code sent to the phone proves the phone: without this the Authenticator asks to verify it again.
  user.attributes.phone_number_verified = 'true';
  pool.adminNumbers.confirmPhone(user, destination ?? user.attributes.phone_number);
  user.updatedAt = pool.now();
  pool.save();
  return {
    Session: pool.sessions.open({ username: user.username, clientId, challenge: 'CONFIRMED_SIGN_UP', authTime: 0 }),
  };
}

export async function resendConfirmationCode(pool: UserPool, body: Body) {
  pool.checkClient(body.ClientId);
  const user = pool.findUser(body.Username);
  if (!user) throw userNotFound();
  if (user.status !== 'UNCONFIRMED') throw invalidParameter('User is already confirmed.');
  return { CodeDeliveryDetails: pool.codes.send(user, 'sign-up') };
}

import { invalidParameter } from '../errors';
import type { CodePurpose } from '../model';
import type { UserPool } from '../pool';
import { attributeList, type deliveryDetails, mfaSettings } from '../user-views';
import { attributesFrom, type Body, requireString } from './params';
import { checkClientAttributes } from './users';

const VERIFIABLE = ['phone_number', 'email'] as const;
type Verifiable = (typeof VERIFIABLE)[number];

function verifiable(name: string): Verifiable {
  if (!(VERIFIABLE as readonly string[]).includes(name)) throw invalidParameter(`Invalid attribute name: ${name}`);
  return name as Verifiable;
}

const purposeOf = (attribute: Verifiable): CodePurpose => `verify-${attribute}`;

export async function getUser(pool: UserPool, body: Body) {
  const { user } = await pool.tokens.userFromAccessToken(body.AccessToken);
  return { Username: user.username, UserAttributes: attributeList(user), ...mfaSettings(user) };
}

export async function getUserAttributeVerificationCode(pool: UserPool, body: Body) {
  const { user } = await pool.tokens.userFromAccessToken(body.AccessToken);
  const attribute = verifiable(requireString(body, 'AttributeName'));
  if (user.attributes[attribute] === undefined) throw invalidParameter(`The user has no ${attribute} attribute.`);
  return { CodeDeliveryDetails: pool.codes.send(user, purposeOf(attribute), attribute) };
}

export async function verifyUserAttribute(pool: UserPool, body: Body) {
  const { user } = await pool.tokens.userFromAccessToken(body.AccessToken);
  const attribute = verifiable(requireString(body, 'AttributeName'));
  pool.codes.consume(user, purposeOf(attribute), body.Code);
  user.attributes[`${attribute}_verified`] = 'true';
  user.updatedAt = pool.now();
  pool.save();
  return {};
}

export async function updateUserAttributes(pool: UserPool, body: Body) {
  const { user } = await pool.tokens.userFromAccessToken(body.AccessToken);
  const updates = attributesFrom(body.UserAttributes);
  checkClientAttributes(updates);
  const CodeDeliveryDetailsList: ReturnType<typeof deliveryDetails>[] = [];
  for (const [name, value] of Object.entries(updates)) {
    const changed = user.attributes[name] !== value;
    user.attributes[name] = value;
    if (changed && (name === 'phone_number' || name === 'email')) {
      user.attributes[`${name}_verified`] = 'false';
      CodeDeliveryDetailsList.push(pool.codes.send(user, purposeOf(name), name));
    }
  }
  user.updatedAt = pool.now();
  pool.save();
  return { CodeDeliveryDetailsList };
}

export async function deleteUser(pool: UserPool, body: Body) {
  const { user } = await pool.tokens.userFromAccessToken(body.AccessToken);
  pool.deleteUser(user.username);
  return {};
}

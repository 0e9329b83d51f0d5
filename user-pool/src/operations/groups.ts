import { CognitoError, invalidParameter } from '../errors';
import { ensureGroup, groupNamesOf, groupType, isMember, joinGroup, leaveGroup } from '../groups';
import type { StoredGroup, StoredUser } from '../model';
import type { UserPool } from '../pool';
import { attributeList } from '../user-views';
import { type Body, requireString } from './params';
import { userSummary } from './users';

// Cognito's group operations. They carry no credentials, so http.ts answers them on loopback only (isAdminOperation):
// membership is what makes an admin (DESIGN §5), and only an operator may change it.

const GROUP_NAME = /^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u;
const MAX_PRECEDENCE = 2 ** 31 - 1;
const PAGE_LIMIT = 60;

const noSuchUser = () => new CognitoError('UserNotFoundException', 'User does not exist.');
const noSuchGroup = () => new CognitoError('ResourceNotFoundException', 'Group not found.');

function groupName(body: Body): string {
  const name = requireString(body, 'GroupName');
  if (name.length > 128 || !GROUP_NAME.test(name)) {
    throw invalidParameter(
      `1 validation error detected: Value '${name}' at 'groupName' failed to satisfy constraint: ` +
        'Member must satisfy regular expression pattern: [\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+',
    );
  }
  return name;
}

/** Description, Precedence and RoleArn as given (CreateGroup, UpdateGroup); absent ones are left out. */
function groupFields(body: Body): Pick<StoredGroup, 'description' | 'precedence' | 'roleArn'> {
  const { Description, Precedence, RoleArn } = body;
  if (Description !== undefined && (typeof Description !== 'string' || Description.length > 2048)) {
    throw invalidParameter('Description must be a string of at most 2048 characters.');
  }
  if (
    Precedence !== undefined &&
    (typeof Precedence !== 'number' || !Number.isInteger(Precedence) || Precedence < 0 || Precedence > MAX_PRECEDENCE)
  ) {
    throw invalidParameter(`Precedence must be an integer from 0 to ${MAX_PRECEDENCE}.`);
  }
  if (RoleArn !== undefined && typeof RoleArn !== 'string') throw invalidParameter('RoleArn must be a string.');
  return {
    ...(Description !== undefined ? { description: Description } : {}),
    ...(Precedence !== undefined ? { precedence: Precedence } : {}),
    ...(RoleArn !== undefined ? { roleArn: RoleArn } : {}),
  };
}

function existingGroup(pool: UserPool, body: Body): StoredGroup {
  const group = pool.store.state.groups.get(groupName(body));
  if (!group) throw noSuchGroup();
  return group;
}

function existingUser(pool: UserPool, body: Body): StoredUser {
  const user = pool.findUser(body.Username);
  if (!user) throw noSuchUser();
  return user;
}

/** Limit (1–60, default 60) and an opaque NextToken, as Cognito's list operations page. */
function page<T>(items: T[], body: Body): { items: T[]; NextToken?: string } {
  const { Limit, NextToken } = body;
  if (Limit !== undefined && (typeof Limit !== 'number' || !Number.isInteger(Limit) || Limit < 0 || Limit > 60)) {
    throw invalidParameter('Limit must be an integer from 0 to 60.');
  }
  const limit = typeof Limit === 'number' && Limit > 0 ? Limit : PAGE_LIMIT;
  let start = 0;
  if (NextToken !== undefined) {
    const decoded = typeof NextToken === 'string' ? Number(Buffer.from(NextToken, 'base64url').toString()) : Number.NaN;
    if (!Number.isInteger(decoded) || decoded < 0) throw invalidParameter('Invalid pagination token.');
    start = decoded;
  }
  const end = start + limit;
  return {
    items: items.slice(start, end),
    ...(end < items.length ? { NextToken: Buffer.from(String(end)).toString('base64url') } : {}),
  };
}

export async function createGroup(pool: UserPool, body: Body) {
  pool.checkPoolId(body.UserPoolId);
  const name = groupName(body);
  const fields = groupFields(body);
  if (pool.store.state.groups.has(name)) {
    throw new CognitoError('GroupExistsException', `A group with the name ${name} already exists.`);
  }
  const group = ensureGroup(pool.store.state, name, fields, pool.now());
  pool.save();
  return { Group: groupType(pool.config.poolId, group) };
}

export async function getGroup(pool: UserPool, body: Body) {
  pool.checkPoolId(body.UserPoolId);
  return { Group: groupType(pool.config.poolId, existingGroup(pool, body)) };
}

/** Sets the fields given; Cognito clears the ones left out, and so does this. */
export async function updateGroup(pool: UserPool, body: Body) {
  pool.checkPoolId(body.UserPoolId);
  const group = existingGroup(pool, body);
  const fields = groupFields(body);
  const updated: StoredGroup = { name: group.name, ...fields, createdAt: group.createdAt, updatedAt: pool.now() };
  pool.store.state.groups.set(group.name, updated);
  pool.save();
  return { Group: groupType(pool.config.poolId, updated) };
}

/** Removes the group and every membership of it; tokens already issued keep their claim until they expire. */
export async function deleteGroup(pool: UserPool, body: Body) {
  pool.checkPoolId(body.UserPoolId);
  const group = existingGroup(pool, body);
  pool.store.state.groups.delete(group.name);
  for (const user of pool.store.state.users.values()) leaveGroup(user, group.name);
  pool.save();
  return {};
}

export async function listGroups(pool: UserPool, body: Body) {
  pool.checkPoolId(body.UserPoolId);
  const { items, NextToken } = page([...pool.store.state.groups.values()], body);
  return { Groups: items.map((group) => groupType(pool.config.poolId, group)), ...(NextToken ? { NextToken } : {}) };
}

export async function adminAddUserToGroup(pool: UserPool, body: Body) {
  pool.checkPoolId(body.UserPoolId);
  const user = existingUser(pool, body);
  const group = existingGroup(pool, body);
  joinGroup(user, group.name);
  pool.save();
  return {};
}

export async function adminRemoveUserFromGroup(pool: UserPool, body: Body) {
  pool.checkPoolId(body.UserPoolId);
  const user = existingUser(pool, body);
  const group = existingGroup(pool, body);
  leaveGroup(user, group.name);
  pool.save();
  return {};
}

export async function adminListGroupsForUser(pool: UserPool, body: Body) {
  pool.checkPoolId(body.UserPoolId);
  const user = existingUser(pool, body);
  const groups = groupNamesOf(pool.store.state, user).flatMap((name) => pool.store.state.groups.get(name) ?? []);
  const { items, NextToken } = page(groups, body);
  return { Groups: items.map((group) => groupType(pool.config.poolId, group)), ...(NextToken ? { NextToken } : {}) };
}

export async function listUsersInGroup(pool: UserPool, body: Body) {
  pool.checkPoolId(body.UserPoolId);
  const group = existingGroup(pool, body);
  const members = [...pool.store.state.users.values()].filter((user) => isMember(user, group.name));
  const { items, NextToken } = page(members, body);
  return {
    Users: items.map((user) => ({ ...userSummary(user), Attributes: attributeList(user), MFAOptions: [] })),
    ...(NextToken ? { NextToken } : {}),
  };
}

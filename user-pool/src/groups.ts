import type { PoolState, StoredGroup, StoredUser } from './model';

/** The group whose members the API treats as admins (DESIGN §5: `cognito:groups` contains `admins`). */
export const ADMINS_GROUP = 'admins';

/**
 * The names of the existing groups `user` is in, as `cognito:groups` lists them: lowest precedence first (the order
 * Cognito uses to pick a preferred role), then by name. A group deleted since is left out.
 */
export function groupNamesOf(state: PoolState, user: StoredUser): string[] {
  const groups = (user.groups ?? []).flatMap((name) => state.groups.get(name) ?? []);
  const rank = (group: StoredGroup) => group.precedence ?? Number.POSITIVE_INFINITY;
  return groups
    .sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((group) => group.name);
}

/** Creates a group, or returns the one of that name (the admins group at start-up and on promotion). */
export function ensureGroup(
  state: PoolState,
  name: string,
  fields: Pick<StoredGroup, 'description' | 'precedence' | 'roleArn'>,
  now: number,
): StoredGroup {
  let group = state.groups.get(name);
  if (!group) {
    group = { name, ...fields, createdAt: now, updatedAt: now };
    state.groups.set(name, group);
  }
  return group;
}

export function isMember(user: StoredUser, groupName: string): boolean {
  return (user.groups ?? []).includes(groupName);
}

export function joinGroup(user: StoredUser, groupName: string): void {
  if (!isMember(user, groupName)) user.groups = [...(user.groups ?? []), groupName];
}

export function leaveGroup(user: StoredUser, groupName: string): void {
  if (isMember(user, groupName)) user.groups = (user.groups ?? []).filter((name) => name !== groupName);
}

/** Cognito's GroupType: dates in epoch seconds, optional fields left out when unset. */
export function groupType(poolId: string, group: StoredGroup) {
  return {
    GroupName: group.name,
    UserPoolId: poolId,
    ...(group.description !== undefined ? { Description: group.description } : {}),
    ...(group.roleArn !== undefined ? { RoleArn: group.roleArn } : {}),
    ...(group.precedence !== undefined ? { Precedence: group.precedence } : {}),
    LastModifiedDate: group.updatedAt / 1000,
    CreationDate: group.createdAt / 1000,
  };
}

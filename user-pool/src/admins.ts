import { ADMINS_GROUP, ensureGroup, joinGroup } from './groups';
import type { PoolState, StoredUser } from './model';

/**
 * USER_POOL_ADMINS: users whose confirmed phone number the operator lists are members of `admins`. Only the number
 * proven at confirmation counts: `phone_number` is an attribute the user may change later (DESIGN §5).
 */
export class AdminNumbers {
  constructor(
    private readonly state: PoolState,
    private readonly numbers: readonly string[],
    private readonly now: () => number,
  ) {}

  /** Records the phone number proven when `user` was confirmed and, when it is listed, adds the user to `admins`. */
  confirmPhone(user: StoredUser, phone: string | undefined): void {
    if (phone === undefined) return;
    // As with Cognito's aliases, a number stays with the account that confirmed it first: another account confirming
    // it later is confirmed, but does not hold the number, so a listed number never promotes a second account.
    const holder = this.holderOf(phone);
    if (holder && holder !== user) return;
    user.confirmedPhone = phone;
    this.promoteIfListed(user);
  }

  /** At start-up: the admins group exists, and every confirmed user whose confirmed number is listed is in it. */
  promoteAll(): void {
    this.ensureAdminsGroup();
    for (const user of this.state.users.values()) this.promoteIfListed(user);
  }

  /** The confirmed account that holds `phone`; should several (older data files), the one created first. */
  private holderOf(phone: string): StoredUser | undefined {
    let holder: StoredUser | undefined;
    for (const candidate of this.state.users.values()) {
      if (candidate.confirmedPhone !== phone || candidate.status === 'UNCONFIRMED') continue;
      if (!holder || candidate.createdAt < holder.createdAt) holder = candidate;
    }
    return holder;
  }

  private promoteIfListed(user: StoredUser): void {
    if (user.status === 'UNCONFIRMED' || user.confirmedPhone === undefined) return;
    if (!this.numbers.includes(user.confirmedPhone)) return;
    if (this.holderOf(user.confirmedPhone) !== user) return;
    this.ensureAdminsGroup();
    joinGroup(user, ADMINS_GROUP);
  }

  private ensureAdminsGroup(): void {
    ensureGroup(this.state, ADMINS_GROUP, { description: 'Bullpen administrators' }, this.now());
  }
}

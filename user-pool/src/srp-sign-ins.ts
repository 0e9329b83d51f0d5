/** A started USER_SRP_AUTH sign-in: the server's ephemeral values, until the client's proof arrives. */
export interface SrpPending {
  username: string;
  clientId: string;
  A: bigint;
  B: bigint;
  b: bigint;
  expiresAt: number;
}

/** Started SRP sign-ins kept at once, per user and in all: beyond, the oldest is forgotten (its proof then fails). */
export const SRP_PENDING_PER_USER = 10;
const SRP_PENDING_LIMIT = 10_000;

/** Started SRP sign-ins by their SECRET_BLOCK, in memory and bounded. */
export class SrpSignIns extends Map<string, SrpPending> {
  /** Keeps a started SRP sign-in, within the per-user and overall bounds. */
  add(secretBlock: string, pending: SrpPending): void {
    const ofUser = [...this].filter(([, other]) => other.username === pending.username);
    for (const [id] of ofUser.slice(0, Math.max(ofUser.length - SRP_PENDING_PER_USER + 1, 0))) this.delete(id);
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const id of this.keys()) {
      if (this.size < SRP_PENDING_LIMIT) break;
      this.delete(id);
    }
    this.set(secretBlock, pending);
  }

  sweep(now: number): void {
    for (const [id, pending] of this) if (pending.expiresAt <= now) this.delete(id);
  }
}

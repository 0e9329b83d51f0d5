/** The time source of the API. Tests pass a controllable one; the server uses the system clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that moves only when told to: for tests and the bench. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string | number = Date.UTC(2030, 0, 1, 14, 30)) {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date | string | number): void {
    this.current = new Date(to).getTime();
  }
  advance(ms: number): Date {
    this.current += ms;
    return this.now();
  }
}

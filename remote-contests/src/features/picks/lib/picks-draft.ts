// The selection travels from the picker to the confirm screen in router state, and in sessionStorage (written as it
// changes) so a reload of either screen keeps it.

export type PicksMode = 'join' | 'change';

export interface PicksDraft {
  contestId: string;
  mode: PicksMode;
  picks: string[];
  affiliation: string | null;
}

const keyFor = (contestId: string) => `bullpen:picks-draft:${contestId}`;

function isPicksDraft(value: unknown): value is PicksDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Record<string, unknown>;
  return (
    typeof draft.contestId === 'string' &&
    (draft.mode === 'join' || draft.mode === 'change') &&
    Array.isArray(draft.picks) &&
    draft.picks.every((pick) => typeof pick === 'string') &&
    (draft.affiliation === null || typeof draft.affiliation === 'string')
  );
}

export function saveDraft(draft: PicksDraft): void {
  try {
    sessionStorage.setItem(keyFor(draft.contestId), JSON.stringify(draft));
  } catch {
    // Storage may be full or disabled; router state still carries the draft.
  }
}

export function loadDraft(contestId: string, routerState?: unknown): PicksDraft | null {
  const fromState = (routerState as { draft?: unknown } | null | undefined)?.draft;
  if (isPicksDraft(fromState) && fromState.contestId === contestId) return fromState;
  try {
    const stored = sessionStorage.getItem(keyFor(contestId));
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    return isPicksDraft(parsed) && parsed.contestId === contestId ? parsed : null;
  } catch {
    return null;
  }
}

export function clearDraft(contestId: string): void {
  try {
    sessionStorage.removeItem(keyFor(contestId));
  } catch {
    // Nothing to clear.
  }
}

import { clearDraft, loadDraft, saveDraft } from './picks-draft';

describe('picks draft', () => {
  beforeEach(() => sessionStorage.clear());

  const draft = { contestId: 'c1', mode: 'join' as const, picks: ['AAPL', 'MSFT'], affiliation: 'Bulls' };

  it('prefers router state and falls back to sessionStorage so a reload keeps the selection', () => {
    expect(loadDraft('c1', { draft })).toEqual(draft);
    expect(loadDraft('c1', null)).toBeNull();
    saveDraft(draft);
    expect(loadDraft('c1', null)).toEqual(draft);
    clearDraft('c1');
    expect(loadDraft('c1', undefined)).toBeNull();
  });

  it('ignores a draft of another contest or a malformed one', () => {
    expect(loadDraft('c2', { draft })).toBeNull();
    sessionStorage.setItem('bullpen:picks-draft:c1', '{"contestId":"c1","mode":"join","picks":[1]}');
    expect(loadDraft('c1', null)).toBeNull();
    sessionStorage.setItem('bullpen:picks-draft:c1', 'not json');
    expect(loadDraft('c1', null)).toBeNull();
  });
});

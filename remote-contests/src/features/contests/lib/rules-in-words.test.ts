import { DEFAULT_CONTEST_RULES } from '@bullpen/contract';
import { commissionInWords, formatFee, rulesInWords, rulesLine } from './rules-in-words';

it('says what the default game leaves out, in words a player understands', () => {
  expect(rulesLine(DEFAULT_CONTEST_RULES)).toBe('No short selling · No commission · No position cap');
  expect(rulesLine()).toBe('No short selling · No commission · No position cap');
});

it('names each rule a creator chose', () => {
  expect(rulesLine({ shortSelling: true, commission: { perTrade: 4.95, perShare: 0 }, maxPositionPct: 25 })).toBe(
    'Short selling allowed · $4.95 per trade · At most 25% in one stock',
  );
  expect(rulesInWords({ shortSelling: false, commission: { perTrade: 0, perShare: 0 }, maxPositionPct: 12.5 })).toEqual(
    ['No short selling', 'No commission', 'At most 12.5% in one stock'],
  );
});

it('writes a fee with the cents it needs, below a cent for a per-share rate', () => {
  expect(formatFee(4.95)).toBe('$4.95');
  expect(formatFee(5)).toBe('$5');
  expect(formatFee(0.5)).toBe('$0.50');
  expect(formatFee(0.005)).toBe('$0.005');
  expect(formatFee(0.0035)).toBe('$0.0035');
  expect(commissionInWords({ perTrade: 0, perShare: 0.01 })).toBe('$0.01 per share');
  expect(commissionInWords({ perTrade: 1, perShare: 0.005 })).toBe('$1 per trade + $0.005 per share');
});

import { formatMoney } from '@bullpen/shared/format';
import type { CorporateActionEntry } from '@bullpen/contract';

/** "4-for-1", "3-for-2", "1-for-10": the ratio as the whole numbers a split is announced in. */
export function splitWords(ratio: number): string {
  for (let from = 1; from <= 1000; from++) {
    const to = ratio * from;
    if (Math.abs(to - Math.round(to)) < 1e-9) return `${Math.round(to)}-for-${from}`;
  }
  return `${ratio}-for-1`;
}

/** Money with its sign in front ("−$9.60"): a short pays a dividend, and the line must say so without colour. */
const money = (value: number) => (value < 0 ? `−${formatMoney(-value)}` : formatMoney(value));
/** A share count, a short's with a true minus sign. */
const shares = (quantity: number) => (quantity < 0 ? `−${Math.abs(quantity)}` : String(quantity));
/** A dividend per share keeps the provider's fractions of a cent ("$0.0825"), never fewer than two decimals. */
const perShareWords = (perShare: number) =>
  `$${perShare.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;

/** One action as a line: "Split 4-for-1: 10 → 40 shares", "Dividend $0.24 × 40 = $9.60". */
function actionWords(action: CorporateActionEntry): string {
  if (action.type === 'split') {
    const words = `Split ${splitWords(action.ratio ?? 1)}: ${shares(action.quantityBefore)} → ${shares(action.quantityAfter)} shares`;
    return action.cash === 0 ? words : `${words}, ${money(action.cash)} for the fraction`;
  }
  return `Dividend ${perShareWords(action.perShare ?? 0)} × ${shares(action.quantityBefore)} = ${money(action.cash)}`;
}

/** The splits and dividends applied to the player's holdings, newest first, each on its own line. */
export function CorporateActions({ actions }: { actions: readonly CorporateActionEntry[] }) {
  if (actions.length === 0) return null;
  return (
    <ul
      aria-label="Splits and dividends"
      style={{ listStyle: 'none', margin: 0, padding: 0, overflowWrap: 'anywhere' }}
    >
      {actions.map((action) => (
        <li key={`${action.type}-${action.symbol}-${action.date}`} style={{ padding: '6px 0' }}>
          <span className="bp-muted">
            {action.date} · {action.symbol}
          </span>{' '}
          <span className="bp-num">{actionWords(action)}</span>
        </li>
      ))}
    </ul>
  );
}

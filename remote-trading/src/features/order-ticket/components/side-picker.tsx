import { SIDE_TREND, SIDE_WORDS, type TradeSide } from '@bullpen/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';

const SIDES = (['buy', 'sell', 'short', 'cover'] as const satisfies readonly TradeSide[]).map((value) => ({
  value,
  label: SIDE_WORDS[value],
  tone: SIDE_TREND[value],
}));

const TWO_BY_TWO = { gridAutoFlow: 'row', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } as const;

/**
 * Buy and Sell, and Short and Cover where the contest allows short selling. A side the position does not allow is
 * shown disabled: a sell needs shares held, a cover a short position, and a symbol is never long and short at once.
 */
export function SidePicker({
  shortSelling,
  allowed,
  registration,
}: {
  shortSelling: boolean;
  allowed: TradeSide[];
  registration: UseFormRegisterReturn<'side'>;
}) {
  const shown = SIDES.filter((side) => shortSelling || side.value === 'buy' || side.value === 'sell');
  return (
    // Four sides do not fit in one row of the ticket's narrow column (1280 px) or a phone: two rows of two.
    <fieldset className="bp-segmented" style={shown.length > 2 ? TWO_BY_TWO : undefined}>
      <legend className="bp-field__label">Side</legend>
      {shown.map((side) => (
        <label key={side.value} className={`bp-segmented__option bp-segmented__option--${side.tone}`}>
          <input type="radio" {...registration} value={side.value} disabled={!allowed.includes(side.value)} />
          {side.label}
        </label>
      ))}
    </fieldset>
  );
}

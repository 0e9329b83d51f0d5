import { useMarketWords } from '@bullpen/shared/reads';

/** "simulated prices", "prices delayed 15 min · Massive": the API's label in the middle of a sentence. */
const inSentence = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/**
 * The footer's word on prices, on every page: where they come from in the API's words and, on a market with hours, its
 * state ("Closed · opens Mon 9:30 AM ET"). With the simulator it reads as it always has ("virtual money, simulated
 * prices"); until the API has said, only what is certain.
 */
export function MarketFootnote() {
  const market = useMarketWords();
  return (
    <span
      title={
        market && !market.simulated
          ? 'Real market prices, delayed: each price shows its own time. See the terms.'
          : "Prices come from Bullpen's market simulator, not a live exchange. See the terms."
      }
    >
      Bullpen · virtual money{market ? `, ${inSentence(market.label)}` : ''}
      {market?.state ? ` · ${market.state}` : ''}
    </span>
  );
}

import {
  positionCapMessage,
  type RulesInCents,
  rulesInCents,
  sharesWithinCap,
  withinPositionCap,
} from '@bullpen/contract';
import type { ContestRow } from '../db/contests';
import type { Executor } from '../db/database';
import { loadPositions, type PriceLookup } from '../db/portfolios';
import { type Reservations, reservationsOf } from '../db/reservations';
import { formatDollars } from '../domain/orders';
import { buyingPowerCents, shortExposureCents } from '../domain/rules';
import type { TradeSide } from '../domain/trade';
import { portfolioValueCents } from '../domain/valuation';
import { conflict } from '../lib/errors';

/** One player's money and holdings in one contest, read under the participant lock. */
export interface Account {
  rules: RulesInCents;
  cashCents: number;
  positions: { symbol: string; quantity: number; costCents: number }[];
  prices: ReadonlyMap<string, number>;
  reserved: Reservations;
}

export async function loadAccount(
  tx: Executor,
  contest: ContestRow,
  userId: string,
  cashCents: number,
  prices: PriceLookup,
  symbol: string,
): Promise<Account> {
  const positions = await loadPositions(tx, contest.id, userId);
  const current = await prices(tx, [...new Set([...positions.map((p) => p.symbol), symbol])]);
  const reserved = await reservationsOf(tx, contest.id, userId);
  return { rules: rulesInCents(contest.rules), cashCents, positions, prices: current, reserved };
}

function heldIn(account: Account, symbol: string) {
  return account.positions.find((p) => p.symbol === symbol) ?? null;
}

/** Buying power less what open orders hold back. */
export function freeBuyingPowerCents(account: Account): number {
  return (
    buyingPowerCents(account.cashCents, shortExposureCents(account.positions, account.prices)) -
    account.reserved.cashCents
  );
}

/** 409 unless the contest allows this side. */
export function requireSideAllowed(rules: RulesInCents, side: TradeSide) {
  if ((side === 'short' || side === 'cover') && !rules.shortSelling) {
    throw conflict('Short selling is not allowed in this contest', [
      { field: 'side', message: 'Short selling is not allowed in this contest' },
    ]);
  }
}

/**
 * 409 when the side meets a position the other way: sell closes longs only, cover shorts only; a buy cannot add to a
 * short, nor a short to a long (API.md: never a long and a short in one symbol).
 */
export function requireSameDirection(side: TradeSide, heldQuantity: number, symbol: string) {
  if (side === 'buy' && heldQuantity < 0) {
    throw conflict(`You are short ${symbol}: cover it instead of buying`, [
      { field: 'side', message: 'Cover your short first' },
    ]);
  }
  if (side === 'short' && heldQuantity > 0) {
    throw conflict(`You hold ${symbol}: sell it instead of shorting`, [
      { field: 'side', message: 'Sell your shares first' },
    ]);
  }
  if (side === 'cover' && heldQuantity >= 0) {
    throw conflict(`You have no short position in ${symbol} to cover`, [
      { field: 'quantity', message: 'Nothing to cover' },
    ]);
  }
}

/**
 * The cap of API.md at the order's price: the position after a buy or a short, with the open orders of the same side
 * and symbol counted as filled (each under the cap on its own, several would not be), against the portfolio's value
 * after it (valued with this symbol at the order's price, less the commission). 409 with how many shares would fit,
 * as `data.maxQuantity`, so the ticket can offer it. The clock checks again at the fill, at the fill's price.
 */
export function requireWithinCap(
  account: Account,
  symbol: string,
  side: 'buy' | 'short',
  quantity: number,
  priceCents: number,
  commission: number,
) {
  const { rules } = account;
  if (rules.maxPositionBp === null) return;
  const prices = new Map(account.prices);
  prices.set(symbol, priceCents);
  const valueCents = portfolioValueCents(account.cashCents, account.positions, prices);
  const pending = account.reserved.opening[side].get(symbol) ?? 0;
  const held = Math.abs(heldIn(account, symbol)?.quantity ?? 0) + pending;
  if (withinPositionCap(rules.maxPositionBp, held + quantity, priceCents, valueCents - commission)) return;
  const maxQuantity = sharesWithinCap(rules, held, priceCents, valueCents);
  const message = positionCapMessage(rules.maxPositionBp);
  const fit = maxQuantity === 0 ? 'no more shares fit' : `at most ${maxQuantity} more shares fit`;
  throw conflict(
    `${message}: ${fit}${pending > 0 ? `, counting the ${pending} ${symbol} of your open orders` : ''}`,
    [{ field: 'quantity', message }],
    { maxQuantity },
  );
}

export const notEnoughBuyingPower = (neededCents: number, freeCents: number) =>
  conflict(
    `Not enough buying power for this order: it needs ${formatDollars(neededCents)} and ${formatDollars(Math.max(0, freeCents))} is free`,
    [{ field: 'quantity', message: 'Not enough buying power' }],
  );

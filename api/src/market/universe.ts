import data from './universe.json';

export interface UniverseEntry {
  symbol: string;
  name: string;
  sector: string;
  exchange: string;
  /** US dollars: where the simulation starts. */
  referencePrice: number;
}

/** About a hundred of the largest US-listed stocks and ETFs (DESIGN §6), sorted by symbol. */
export const UNIVERSE: readonly UniverseEntry[] = data;

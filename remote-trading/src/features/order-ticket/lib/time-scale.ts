/**
 * What the UI says when the market's time is compressed (MARKET_TIME_SCALE, DESIGN §6): null in real time.
 * 60 → "Simulated time runs 60× faster than real time: a market day lasts 24 minutes."
 */
export function describeTimeScale(timeScale: number | undefined): string | null {
  if (!timeScale || timeScale === 1) return null;
  const dayMinutes = (24 * 60) / timeScale;
  const day =
    dayMinutes >= 120
      ? `${Math.round(dayMinutes / 60)} hours`
      : dayMinutes >= 1
        ? `${Math.round(dayMinutes)} minute${Math.round(dayMinutes) === 1 ? '' : 's'}`
        : `${Math.max(1, Math.round(dayMinutes * 60))} seconds`;
  const factor = timeScale.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return timeScale > 1
    ? `Simulated time runs ${factor}× faster than real time: a market day lasts ${day}.`
    : `Simulated time runs slower than real time (${factor}×): a market day lasts ${day}.`;
}

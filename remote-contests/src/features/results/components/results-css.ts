// Styles of the results, discovery and scoring parts, scoped under .bpc-screen like CONTESTS_CSS.
export const RESULTS_CSS = `
.bpc-chart { margin: 0; display: flex; flex-direction: column; gap: 6px; min-width: 0; }
.bpc-chart-plot { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 8px; align-items: stretch; }
.bpc-chart-y { display: flex; flex-direction: column; justify-content: space-between; font-size: .72rem; color: var(--bpc-muted); text-align: right; white-space: nowrap; }
.bpc-chart svg { width: 100%; display: block; background: var(--bpc-bg); border: 1px solid var(--bpc-border); border-radius: 8px; }
.bpc-chart-x { display: flex; justify-content: space-between; gap: 8px; font-size: .72rem; color: var(--bpc-muted); padding-left: 4px; flex-wrap: wrap; }
.bpc-legend { display: flex; flex-wrap: wrap; gap: 6px 16px; font-size: .8rem; color: var(--bpc-muted); margin: 0; padding: 0; list-style: none; }
.bpc-legend li { display: inline-flex; align-items: center; gap: 6px; min-width: 0; overflow-wrap: anywhere; }
.bpc-swatch { width: 18px; height: 0; border-top: 3px solid currentColor; flex: none; }
.bpc-swatch--dashed { border-top-style: dashed; }
.bpc-insights { display: grid; grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); gap: 12px; margin: 0; }
.bpc-insights div { background: var(--bpc-surface-2); border-radius: 8px; padding: 10px 12px; min-width: 0; }
.bpc-insights dt { color: var(--bpc-muted); font-size: .75rem; text-transform: uppercase; letter-spacing: .06em; }
.bpc-insights dd { margin: 4px 0 0; font-weight: 700; overflow-wrap: anywhere; }
.bpc-insights dd small { display: block; font-weight: 400; color: var(--bpc-muted); }
.bpc-share textarea { width: 100%; min-height: 3.5em; resize: vertical; font: inherit; color: var(--bpc-text); background: var(--bpc-bg);
  border: 1px solid var(--bpc-border); border-radius: 8px; padding: 10px 12px; }
.bpc-card-facts { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: .85rem; color: var(--bpc-muted); margin: 0; }
.bpc-card-facts div { display: flex; gap: 4px; }
.bpc-card-facts dt::after { content: ':'; }
.bpc-card-facts dd { margin: 0; color: var(--bpc-text); }
.bpc-card-actions { display: flex; gap: 8px; flex-wrap: wrap; justify-content: flex-end; }
.bpc-player-panel { border-top: 2px solid var(--bpc-primary); }
.bpc-link-button { background: none; border: 0; padding: 0; color: var(--bpc-primary); font: inherit; cursor: pointer; text-decoration: underline; }
`;

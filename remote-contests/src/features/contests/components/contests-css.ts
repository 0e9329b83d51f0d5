// The contest screens' stylesheet, scoped under .bpc-screen. It reads the shell theme's CSS variables where they
// exist and falls back to the product palette (dark, primary #5bd0b3, monospace).
export const CONTESTS_CSS = `
.bpc-screen {
  --bpc-primary: var(--color-primary, #5bd0b3);
  --bpc-on-primary: var(--color-on-primary, #06231c);
  --bpc-bg: var(--color-bg, #0d1117);
  --bpc-surface: var(--color-surface, #151b23);
  --bpc-surface-2: var(--color-surface-2, #1c2430);
  --bpc-border: var(--color-border, #2a3340);
  --bpc-text: var(--color-text, #e6edf3);
  --bpc-muted: var(--color-muted, #98a4b5);
  --bpc-gain: var(--color-gain, #3fd68f);
  --bpc-loss: var(--color-loss, #ff6b6b);
  --bpc-warning: var(--color-warning, #f5c451);
  color: var(--bpc-text);
  font-family: var(--font-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
  font-variant-numeric: tabular-nums;
  color-scheme: dark;
  max-width: 1120px;
  margin: 0 auto;
  padding: 24px 16px 48px;
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  gap: 20px;
}
.bpc-screen *, .bpc-screen *::before, .bpc-screen *::after { box-sizing: border-box; }
.bpc-screen a { color: var(--bpc-primary); }
.bpc-header { display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between; gap: 12px; }
.bpc-header h1 { margin: 0; font-size: 1.6rem; line-height: 1.2; overflow-wrap: anywhere; }
.bpc-header p { margin: 6px 0 0; color: var(--bpc-muted); }
.bpc-eyebrow { color: var(--bpc-muted); font-size: .8rem; text-transform: uppercase; letter-spacing: .08em; margin: 0 0 4px; }
.bpc-panel { background: var(--bpc-surface); border: 1px solid var(--bpc-border); border-radius: 12px; padding: 20px; min-width: 0; }
.bpc-panel h2 { margin: 0 0 12px; font-size: 1.1rem; display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.bpc-panel h3 { margin: 0 0 8px; font-size: 1rem; }
.bpc-muted { color: var(--bpc-muted); }
.bpc-small { font-size: .85rem; }
.bpc-row { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
.bpc-row.bpc-between { justify-content: space-between; }
.bpc-stack { display: flex; flex-direction: column; gap: 12px; min-width: 0; }
.bpc-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 16px; }
.bpc-two { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); gap: 20px; align-items: start; }
@media (max-width: 860px) { .bpc-two { grid-template-columns: minmax(0, 1fr); } }
/* The action first: in reading order and on phones, where the single column would put it below the rules; beside
   the main panel, in the narrow column, from 861 px. */
@media (min-width: 861px) {
  .bpc-two--action-first > :first-child { grid-column: 2; grid-row: 1; }
  .bpc-two--action-first > :nth-child(2) { grid-column: 1; grid-row: 1; }
}
.bpc-btn { display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 40px; padding: 8px 16px;
  border-radius: 8px; border: 1px solid var(--bpc-border); background: var(--bpc-surface-2); color: var(--bpc-text);
  font: inherit; font-weight: 600; cursor: pointer; text-decoration: none; white-space: nowrap; }
.bpc-screen a.bpc-btn { color: var(--bpc-text); }
.bpc-btn:hover:not(:disabled) { border-color: var(--bpc-primary); }
.bpc-btn:focus-visible, .bpc-input:focus-visible, .bpc-chip:focus-visible { outline: 2px solid var(--bpc-primary); outline-offset: 2px; }
.bpc-btn:disabled { opacity: .5; cursor: not-allowed; }
.bpc-btn.bpc-primary, .bpc-screen a.bpc-btn.bpc-primary { background: var(--bpc-primary); border-color: var(--bpc-primary); color: var(--bpc-on-primary); }
.bpc-btn.bpc-primary:hover:not(:disabled) { filter: brightness(1.08); }
.bpc-btn.bpc-danger, .bpc-screen a.bpc-btn.bpc-danger { background: transparent; border-color: var(--bpc-loss); color: var(--bpc-loss); }
.bpc-btn.bpc-ghost, .bpc-screen a.bpc-btn.bpc-ghost { background: transparent; border-color: transparent; color: var(--bpc-primary); padding-inline: 8px; }
.bpc-btn.bpc-small-btn { min-height: 32px; padding: 4px 10px; font-size: .85rem; }
.bpc-badge { display: inline-flex; align-items: center; gap: 4px; padding: 2px 8px; border-radius: 999px; font-size: .75rem; font-weight: 700;
  letter-spacing: .03em; border: 1px solid currentColor; white-space: nowrap; line-height: 1.5; }
.bpc-tone-primary { color: var(--bpc-primary); }
.bpc-tone-gain { color: var(--bpc-gain); }
.bpc-tone-loss { color: var(--bpc-loss); }
.bpc-tone-warning { color: var(--bpc-warning); }
.bpc-tone-neutral { color: var(--bpc-muted); }
.bpc-field { display: flex; flex-direction: column; gap: 6px; min-width: 0; }
.bpc-field label, .bpc-label { font-weight: 600; font-size: .9rem; }
.bpc-hint { color: var(--bpc-muted); font-size: .8rem; }
.bpc-error { color: var(--bpc-loss); font-size: .85rem; }
.bpc-input { width: 100%; min-height: 40px; padding: 8px 12px; border-radius: 8px; border: 1px solid var(--bpc-border);
  background: var(--bpc-bg); color: var(--bpc-text); font: inherit; color-scheme: dark; }
.bpc-input[aria-invalid="true"] { border-color: var(--bpc-loss); }
textarea.bpc-input { min-height: 88px; resize: vertical; }
.bpc-form-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 16px 20px; }
.bpc-form-grid .bpc-span { grid-column: 1 / -1; }
@media (max-width: 640px) { .bpc-form-grid { grid-template-columns: minmax(0, 1fr); } }
.bpc-chip { display: inline-flex; align-items: center; gap: 6px; padding: 4px 6px 4px 12px; border-radius: 999px; background: var(--bpc-surface-2);
  border: 1px solid var(--bpc-border); font: inherit; color: var(--bpc-text); max-width: 100%; }
.bpc-chip span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.bpc-chip button { background: transparent; border: 0; color: var(--bpc-muted); cursor: pointer; font: inherit; padding: 0 6px; }
.bpc-segmented { align-self: flex-start; display: inline-flex; border: 1px solid var(--bpc-border); border-radius: 8px; overflow: hidden; }
.bpc-segmented label { padding: 8px 14px; cursor: pointer; font-weight: 600; }
.bpc-segmented input { position: absolute; opacity: 0; pointer-events: none; }
.bpc-segmented label:has(input:checked) { background: var(--bpc-primary); color: var(--bpc-on-primary); }
.bpc-segmented label:has(input:focus-visible) { outline: 2px solid var(--bpc-primary); outline-offset: -2px; }
.bpc-facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 12px; margin: 0; }
.bpc-facts div { background: var(--bpc-surface-2); border-radius: 8px; padding: 10px 12px; min-width: 0; }
.bpc-facts dt { color: var(--bpc-muted); font-size: .75rem; text-transform: uppercase; letter-spacing: .06em; }
.bpc-facts dd { margin: 4px 0 0; font-weight: 700; overflow-wrap: anywhere; }
.bpc-table-wrap { overflow-x: auto; -webkit-overflow-scrolling: touch; }
.bpc-table { width: 100%; border-collapse: collapse; font-size: .92rem; }
.bpc-table th { text-align: left; color: var(--bpc-muted); font-weight: 600; font-size: .75rem; text-transform: uppercase; letter-spacing: .06em;
  padding: 8px 10px; border-bottom: 1px solid var(--bpc-border); white-space: nowrap; }
.bpc-table td { padding: 10px; border-bottom: 1px solid var(--bpc-border); vertical-align: middle; }
.bpc-table .bpc-num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.bpc-table tr.bpc-mine td { background: color-mix(in srgb, var(--bpc-primary) 14%, transparent); }
.bpc-table tr.bpc-mine td:first-child { box-shadow: inset 3px 0 0 var(--bpc-primary); }
.bpc-table tr.bpc-selected td { background: color-mix(in srgb, var(--bpc-primary) 10%, transparent); }
.bpc-card { display: flex; flex-direction: column; gap: 10px; background: var(--bpc-surface); border: 1px solid var(--bpc-border);
  border-radius: 12px; padding: 16px; color: var(--bpc-text); text-decoration: none; min-width: 0; }
.bpc-screen a.bpc-card { color: var(--bpc-text); }
.bpc-card:hover { border-color: var(--bpc-primary); }
.bpc-card h3 { margin: 0; font-size: 1rem; overflow-wrap: anywhere; }
.bpc-card-foot { margin-top: auto; display: flex; justify-content: space-between; gap: 8px; flex-wrap: wrap; color: var(--bpc-muted); font-size: .85rem; }
.bpc-big { font-size: 1.4rem; font-weight: 800; }
.bpc-state { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 12px; padding: 32px 16px; }
.bpc-state p { margin: 0; max-width: 48ch; }
.bpc-spinner { width: 28px; height: 28px; border-radius: 50%; border: 3px solid var(--bpc-border); border-top-color: var(--bpc-primary);
  animation: bpc-spin .8s linear infinite; }
@keyframes bpc-spin { to { transform: rotate(360deg); } }
.bpc-backdrop { position: fixed; inset: 0; background: rgba(0,0,0,.6); display: flex; align-items: center; justify-content: center; padding: 16px; z-index: 50; }
.bpc-dialog { background: var(--bpc-surface); border: 1px solid var(--bpc-border); border-radius: 12px; padding: 20px; width: min(440px, 100%);
  color: var(--bpc-text); font-family: var(--font-mono, ui-monospace, monospace); }
.bpc-dialog h2 { margin: 0 0 8px; font-size: 1.1rem; }
.bpc-dialog p { margin: 0 0 16px; color: var(--bpc-muted); }
.bpc-dialog .bpc-row { justify-content: flex-end; }
.bpc-notice { border-radius: 10px; padding: 12px 14px; border: 1px solid currentColor; background: color-mix(in srgb, currentColor 8%, transparent); }
.bpc-notice p { color: var(--bpc-text); margin: 4px 0 0; }
.bpc-link-box { display: flex; gap: 8px; align-items: stretch; flex-wrap: wrap; }
.bpc-link-box code { flex: 1 1 220px; min-width: 0; padding: 10px 12px; background: var(--bpc-bg); border: 1px solid var(--bpc-border);
  border-radius: 8px; overflow-wrap: anywhere; color: var(--bpc-primary); }
.bpc-podium { max-width: 640px; margin: 0 auto !important; display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px; align-items: end; }
.bpc-podium li { list-style: none; display: flex; flex-direction: column; align-items: center; gap: 6px; text-align: center; min-width: 0; }
.bpc-podium .bpc-step { width: 100%; border-radius: 10px 10px 0 0; display: flex; align-items: flex-start; justify-content: center;
  padding-top: 8px; font-size: 1.4rem; font-weight: 800; color: var(--bpc-on-primary); }
.bpc-podium ol { display: contents; }
.bpc-counter { font-weight: 800; }
.bpc-sticky { position: sticky; bottom: 0; z-index: 5; background: var(--bpc-surface); border: 1px solid var(--bpc-border); border-radius: 12px; padding: 12px 16px;
  box-shadow: 0 -6px 20px rgba(0,0,0,.35); }
.bpc-simulated { display: inline-flex; align-items: center; gap: 6px; font-size: .75rem; color: var(--bpc-warning); border: 1px dashed var(--bpc-warning);
  padding: 2px 8px; border-radius: 999px; white-space: nowrap; }
.bpc-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.bpc-show-narrow { display: none; }
@media (max-width: 560px) {
  .bpc-screen { padding: 16px 12px 40px; gap: 16px; }
  .bpc-panel { padding: 14px; }
  .bpc-hide-narrow { display: none; }
  .bpc-show-narrow { display: inline; }
  .bpc-header h1 { font-size: 1.3rem; }
  .bpc-table td, .bpc-table th { padding: 8px 6px; }
}
`;

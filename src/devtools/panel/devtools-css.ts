/*
 * The panel's stylesheet, rendered by `<AgentDevtools>` itself so that one import and one element
 * are enough. Everything sits in the `ram` cascade layer behind `:where()`, so any rule of the
 * app wins; colours are the theme's variables (react-agent-messages/styles.css), with fallbacks
 * for an app that does not load it. Without this sheet the panel is plain, usable markup.
 */

/** The panel's CSS text. */
export const DEVTOOLS_CSS = `@layer ram {
:where([data-slot='devtools'], [data-slot='devtools-inspector']) {
  --ram-devtools-bg: var(--ram-color-background, #fff);
  --ram-devtools-fg: var(--ram-color-foreground, #1b1f24);
  --ram-devtools-muted: var(--ram-color-muted, #59636e);
  --ram-devtools-border: var(--ram-color-border, #d1d9e0);
  --ram-devtools-surface: var(--ram-color-surface, #f6f8fa);
  --ram-devtools-accent: var(--ram-color-accent, #0969da);
  --ram-devtools-danger: var(--ram-color-danger, #cf222e);
  font-family: var(--ram-font-family, system-ui, sans-serif);
  font-size: 13px;
  color: var(--ram-devtools-fg);
}
:where([data-slot='devtools'], [data-slot='devtools-inspector']) :where(button, select, input) { font: inherit; color: inherit; }
:where([data-slot='devtools-trigger']) {
  position: fixed; inset-block-end: 12px; inset-inline-end: 12px; z-index: 2147483000;
  padding: 6px 12px; border-radius: 999px; cursor: pointer; font: inherit;
  background: var(--ram-devtools-fg); color: var(--ram-devtools-bg); border: 1px solid var(--ram-devtools-border);
}
:where([data-slot='devtools'][data-state='open'] [data-slot='devtools-trigger']) { inset-block-end: auto; inset-block-start: 12px; }
:where([data-slot='devtools-panel']) {
  position: fixed; z-index: 2147482999; display: flex; flex-direction: column; box-sizing: border-box;
  background: var(--ram-devtools-bg); color: var(--ram-devtools-fg); border: 1px solid var(--ram-devtools-border);
  color-scheme: var(--ram-color-scheme, light); box-shadow: 0 -4px 24px rgb(0 0 0 / 0.15);
}
:where([data-placement='bottom'] > [data-slot='devtools-panel']) { inset-inline: 0; inset-block-end: 0; block-size: var(--ram-devtools-size, 360px); }
:where([data-placement='right'] > [data-slot='devtools-panel']) { inset-block: 0; inset-inline-end: 0; inline-size: var(--ram-devtools-size, 560px); }
:where([data-placement='floating'] > [data-slot='devtools-panel']) {
  inset-block-end: 56px; inset-inline-end: 12px; inline-size: min(960px, calc(100vw - 24px));
  block-size: var(--ram-devtools-size, 440px); resize: both; overflow: hidden; border-radius: var(--ram-radius, 8px);
}
:where([data-slot='devtools-resizer']) { flex: none; background: var(--ram-devtools-border); touch-action: none; }
:where([data-placement='bottom'] [data-slot='devtools-resizer']) { block-size: 5px; cursor: row-resize; }
:where([data-placement='right'] [data-slot='devtools-resizer']) { position: absolute; inset-block: 0; inset-inline-start: 0; inline-size: 5px; cursor: col-resize; }
:where([data-slot='devtools-resizer']:focus-visible, [data-slot='devtools-resizer']:hover) { background: var(--ram-devtools-accent); }
:where([data-slot='devtools-header']) {
  display: flex; align-items: center; gap: 8px; padding: 6px 10px; padding-inline-end: 120px;
  border-block-end: 1px solid var(--ram-devtools-border); background: var(--ram-devtools-surface);
}
:where([data-slot='devtools-title']) { margin: 0; font-size: 13px; font-weight: 600; white-space: nowrap; }
:where([data-slot='devtools-toolbar'], [data-slot='devtools-scrubber'], [data-slot='devtools-filters']) {
  display: flex; flex-wrap: wrap; align-items: center; gap: 6px; min-inline-size: 0;
}
:where([data-slot='devtools-toolbar']) { flex: 1; }
:where([data-slot='devtools-close']) { font: inherit; font-size: 16px; line-height: 1; padding: 2px 8px; cursor: pointer; background: none; color: inherit; border: 1px solid var(--ram-devtools-border); border-radius: 4px; }
:where([data-slot='devtools-button'], [data-slot='devtools'] select, [data-slot='devtools-inspector'] select) {
  padding: 2px 8px; border-radius: 4px; border: 1px solid var(--ram-devtools-border); background: var(--ram-devtools-bg); cursor: pointer;
}
:where([data-slot='devtools-button']:disabled) { opacity: 0.5; cursor: default; }
:where([data-slot='devtools-button'][data-state='recording'])::before { content: '● '; color: var(--ram-devtools-danger); }
:where([data-slot='devtools-field']) { display: inline-flex; align-items: center; gap: 4px; }
:where([data-slot='devtools-meta'], [data-slot='devtools-empty'], [data-slot='devtools-count']) { color: var(--ram-devtools-muted); margin: 0; }
:where([data-slot='devtools-notice']) { margin: 0; flex-basis: 100%; color: var(--ram-devtools-muted); }
:where([data-slot='devtools-notice']:empty) { display: none; }
:where([data-slot='devtools-notice'][data-status='error']) { color: var(--ram-devtools-danger); }
:where([data-slot='devtools-inspector']) { display: flex; flex-direction: column; flex: 1; min-block-size: 0; }
:where([data-slot='devtools-scrubber']) { padding: 6px 10px; border-block-end: 1px solid var(--ram-devtools-border); }
:where([data-slot='devtools-range']) { flex: 1; min-inline-size: 120px; accent-color: var(--ram-devtools-accent); }
:where([data-slot='devtools-position']) { font-family: var(--ram-font-mono, monospace); min-inline-size: 7ch; }
:where([data-slot='devtools-columns']) {
  display: grid; grid-template-columns: minmax(220px, 1fr) minmax(240px, 1.2fr) minmax(260px, 1.4fr); grid-template-rows: minmax(0, 1fr); flex: 1; min-block-size: 0;
}
:where([data-slot='devtools-columns'] > *) { min-block-size: 0; min-inline-size: 0; border-inline-end: 1px solid var(--ram-devtools-border); }
:where([data-slot='devtools-events'], [data-slot='devtools-conversation']) { display: flex; flex-direction: column; }
:where([data-slot='devtools-filters']) { border: 0; margin: 0; padding: 6px 8px; border-block-end: 1px solid var(--ram-devtools-border); }
:where([data-slot='devtools-filters'] legend) { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); }
:where([data-slot='devtools-filters'] select) { max-inline-size: 9em; }
:where([data-slot='devtools-event-list']) { flex: 1; overflow: auto; scrollbar-gutter: stable; outline-offset: -2px; }
:where([data-slot='devtools-event']) {
  display: flex; align-items: center; gap: 8px; box-sizing: border-box; padding: 0 8px; cursor: pointer; white-space: nowrap; overflow: hidden;
  font-family: var(--ram-font-mono, monospace); font-size: 12px; border-block-end: 1px solid var(--ram-devtools-surface);
}
:where([data-slot='devtools-event'][aria-selected='true']) { background: var(--ram-devtools-accent); color: var(--ram-devtools-bg); }
:where([data-slot='devtools-event-list']:focus-visible [data-slot='devtools-event'][aria-selected='true']) { outline: 2px solid var(--ram-devtools-fg); outline-offset: -2px; }
:where([data-slot='devtools-event']:not([aria-selected='true'])) :where([data-slot='devtools-event-seq'], [data-slot='devtools-event-gap']) { color: var(--ram-devtools-muted); }
:where([data-slot='devtools-event-type']) { font-weight: 600; }
:where([data-slot='devtools-event-ids']) { flex: 1; overflow: hidden; text-overflow: ellipsis; }
:where([data-slot='devtools-event-diagnostics']) { color: var(--ram-devtools-danger); font-weight: 600; }
:where([data-slot='devtools-event'][aria-selected='true'] [data-slot='devtools-event-diagnostics']) { color: inherit; }
:where([data-slot='devtools-details']) { overflow: auto; padding: 8px 10px; }
:where([data-slot='devtools-details'] section + section) { margin-block-start: 12px; padding-block-start: 8px; border-block-start: 1px solid var(--ram-devtools-border); }
:where([data-slot='devtools-heading']) { font-size: 12px; margin: 8px 0 4px; }
:where([data-slot='devtools-details'] ul) { margin: 0; padding-inline-start: 18px; }
:where([data-slot='devtools'] pre, [data-slot='devtools-inspector'] pre) {
  margin: 4px 0; padding: 6px; max-block-size: 240px; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere;
  background: var(--ram-devtools-surface); border-radius: 4px; font-family: var(--ram-font-mono, monospace); font-size: 11px;
}
:where([data-slot='devtools-change'][data-kind='added'] > p strong) { color: var(--ram-color-success, #1a7f37); }
:where([data-slot='devtools-change'][data-kind='removed'] > p strong) { color: var(--ram-devtools-danger); }
:where([data-slot='devtools-change-values']) { display: grid; grid-template-columns: repeat(auto-fit, minmax(0, 1fr)); gap: 6px; }
:where([data-slot='devtools-change-value']) { margin: 0; min-inline-size: 0; }
:where([data-slot='devtools-change'] p) { margin: 4px 0; }
:where([data-slot='devtools-diagnostic']) { color: var(--ram-devtools-danger); }
:where([data-slot='devtools-stats']) { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 0; }
:where([data-slot='devtools-stats'] dd) { margin: 0; }
:where([data-slot='devtools-link']) { font: inherit; color: var(--ram-devtools-accent); background: none; border: 0; padding: 0; text-decoration: underline; cursor: pointer; }
:where([data-slot='devtools-commits'] table) { border-collapse: collapse; font-family: var(--ram-font-mono, monospace); font-size: 11px; }
:where([data-slot='devtools-commits'] :is(th, td)) { padding: 1px 8px; text-align: end; }
:where([data-slot='devtools-conversation']) { padding: 0; }
:where([data-slot='devtools-conversation'] > [data-slot='devtools-meta']) { padding: 6px 10px; }
:where([data-slot='devtools-conversation-list']) { flex: 1; min-block-size: 0; position: relative; overflow: hidden; }
:where([data-slot='devtools-conversation-list'] > [data-slot='message-list']) { position: absolute; inset: 0; block-size: auto; max-block-size: none; overflow: auto; scrollbar-gutter: stable; }
:where([data-slot='devtools-panel'] > [data-slot='devtools-empty']) { padding: 16px; }
@media (max-width: 720px) {
  :where([data-slot='devtools-columns']) { grid-template-columns: 1fr; overflow: auto; }
  :where([data-slot='devtools-columns'] > *) { min-block-size: 240px; }
}
}`;

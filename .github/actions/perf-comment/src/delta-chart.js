// A small Mermaid xychart of Δ% for the metrics the gate flagged (summary.json's `flagged`, decided
// in Java: a change beyond the noise and the threshold, either way), which GitHub renders in
// comments and job summaries. Mermaid is code, not Markdown: labels are reduced to a safe alphabet
// instead of escaped.
import { finite } from './escape.js'

/** More bars than this stop being readable in a comment. */
export const MAX_BARS = 8

/** @returns {string} a ```mermaid block, or '' when nothing was flagged */
export function deltaChart(scenarios) {
  const bars = scenarios.flatMap((scenario) => (Array.isArray(scenario.metrics) ? scenario.metrics : [])
    .filter((metric) => metric.flagged === true && finite(metric.deltaPercent) !== null)
    .map((metric) => ({ label: label(`${metric.metric} ${scenario.scenario}`), delta: metric.deltaPercent })))
    .slice(0, MAX_BARS)
  if (bars.length === 0) {
    return ''
  }
  const low = Math.min(0, ...bars.map((bar) => bar.delta))
  const high = Math.max(0, ...bars.map((bar) => bar.delta))
  return [
    '```mermaid',
    'xychart-beta',
    '  title "Δ% against the baseline, flagged metrics"',
    `  x-axis [${bars.map((bar) => `"${bar.label}"`).join(', ')}]`,
    `  y-axis "Δ %" ${Math.floor(low)} --> ${Math.ceil(high)}`,
    `  bar [${bars.map((bar) => bar.delta.toFixed(1)).join(', ')}]`,
    '```',
  ].join('\n')
}

function label(text) {
  const safe = String(text).replace(/[^A-Za-z0-9 ._-]/g, '').trim()
  return safe.length > 32 ? `${safe.slice(0, 29)}...` : safe
}

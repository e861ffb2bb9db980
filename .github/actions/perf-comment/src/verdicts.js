// How each verdict and outcome of summary.json is shown. Verdicts are whitelisted: a value the
// gate never writes is shown escaped, never trusted as one of these.
import { escapeText } from './escape.js'

export const VERDICTS = {
  REGRESSION: { icon: '❌', noun: ['regression', 'regressions'] },
  MISMATCH: { icon: '🔀', noun: ['mismatch', 'mismatches'] },
  WARNING: { icon: '🔶', noun: ['warning', 'warnings'] },
  INCONCLUSIVE: { icon: '⚠️', noun: ['inconclusive', 'inconclusive'] },
  IMPROVEMENT: { icon: '⚡', noun: ['improvement', 'improvements'] },
  NEW: { icon: '🆕', noun: ['new', 'new'] },
  OK: { icon: '✅', noun: ['ok', 'ok'] },
}

/** Verdicts that put a metric in the "needs attention" table. */
export const ATTENTION = new Set(['REGRESSION', 'MISMATCH', 'WARNING', 'INCONCLUSIVE', 'IMPROVEMENT'])

/** Scenario outcomes that mean the scenario produced no verdict (summary.json `outcome`). */
export const NOT_RUN = new Set(['failed', 'error'])

export function verdictCell(verdict) {
  const known = Object.hasOwn(VERDICTS, verdict) ? VERDICTS[verdict] : null
  return known ? `${known.icon} ${verdict}` : escapeText(verdict, 40)
}

export function plural(count, [one, many]) {
  return `${count} ${count === 1 ? one : many}`
}

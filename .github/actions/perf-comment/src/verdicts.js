// How each verdict and outcome of summary.json is shown. Verdicts are whitelisted: a value the
// gate never writes is shown escaped, never trusted as one of these.
import { escapeText } from './escape.js'

export const VERDICTS = {
  REGRESSION: { icon: '❌', noun: ['regression', 'regressions'] },
  MISMATCH: { icon: '🔀', noun: ['mismatch', 'mismatches'] },
  WARNING: { icon: '🔶', noun: ['warning', 'warnings'] },
  INCONCLUSIVE: { icon: '⚠️', noun: ['inconclusive', 'inconclusive'] },
  IMPROVEMENT: { icon: '⚡', noun: ['improvement', 'improvements'] },
  BETTER: { icon: '↗️', noun: ['better, not confirmed', 'better, not confirmed'] },
  NEW: { icon: '🆕', noun: ['new', 'new'] },
  OK: { icon: '✅', noun: ['ok', 'ok'] },
}

export function verdictCell(verdict) {
  const known = Object.hasOwn(VERDICTS, verdict) ? VERDICTS[verdict] : null
  return known ? `${known.icon} ${verdict}` : escapeText(verdict, 40)
}

export function plural(count, [one, many]) {
  return `${count} ${count === 1 ? one : many}`
}

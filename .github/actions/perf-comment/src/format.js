import { finite } from './escape.js'

const DASH = '—'

/**
 * A measured figure in its unit: records/s and µs as whole numbers with thousands separators, µs ≥ 10 ms as ms;
 * a component's ns/op and B/op with their unit, since the same row would otherwise read like a whole client's.
 */
export function figure(value, unit) {
  const number = finite(value)
  if (number === null) {
    return DASH
  }
  if (unit === 'µs' && number >= 10_000) {
    return `${(number / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} ms`
  }
  const rounded = Math.round(number).toLocaleString('en-US')
  const shown = unit === 'records/s' ? 'rec/s' : unit === 'ns/op' || unit === 'B/op' ? unit : ''
  return unit === 'µs' ? `${rounded} µs` : `${rounded} ${shown}`.trim()
}

/** A signed percentage: +12.3%, −4.0%. */
export function percent(value) {
  const number = finite(value)
  if (number === null) {
    return DASH
  }
  const sign = number > 0 ? '+' : number < 0 ? '−' : '±'
  return `${sign}${Math.abs(number).toFixed(1)}%`
}

/** The prediction interval of the change, in percent: [−8.1%, +9.0%]. */
export function interval(value) {
  if (!Array.isArray(value) || value.length !== 2 || finite(value[0]) === null || finite(value[1]) === null) {
    return DASH
  }
  return `[${percent(value[0])}, ${percent(value[1])}]`
}

/** The minimum detectable effect at the gate's power, unsigned. */
export function mde(value) {
  const number = finite(value)
  return number === null ? DASH : `${Math.abs(number).toFixed(Math.abs(number) < 10 ? 1 : 0)}%`
}

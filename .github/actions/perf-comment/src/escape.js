// Every string that reaches the comment from the artifact (scenario names, error messages, the
// fingerprint) was written by a pull request's code, so it is data, never markup: no HTML, no
// Markdown, no table breaks, no @mentions or #references that would notify people, no autolinks.

const ENTITIES = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '|': '&#124;',
  '\\': '&#92;',
  '`': '&#96;',
  '*': '&#42;',
  _: '&#95;',
  '~': '&#126;',
  '[': '&#91;',
  ']': '&#93;',
  '(': '&#40;',
  ')': '&#41;',
  '!': '&#33;',
  '#': '&#35;',
  ':': '&#58;',
  '@': '&#64;',
  $: '&#36;',
}

// An entity alone still renders as "@name"; the word joiner after it keeps GitHub from reading a
// mention or an issue reference out of the rendered text.
const WORD_JOINER = '\u2060'

/**
 * Escapes an untrusted value for Markdown text or a table cell. Newlines become spaces (a cell is
 * one line); control characters are dropped; `maxLength` (characters, ≥ 1) bounds what one field
 * can take of the comment.
 */
export function escapeText(value, maxLength = 300) {
  let text = value === null || value === undefined ? '' : String(value)
  // eslint-disable-next-line no-control-regex
  text = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim()
  if (text.length > maxLength) {
    text = `${text.slice(0, maxLength - 1)}…`
  }
  return text
    .replace(/[&<>"'|\\`*_~[\]()!#:@$]/g, (char) => {
      const entity = ENTITIES[char]
      return char === '@' || char === '#' ? entity + WORD_JOINER : entity
    })
    .replace(/www\./gi, (match) => `${match.slice(0, 3)}&#46;`)
    // GitHub links GH-123 to an issue, like #123.
    .replace(/\b(GH)-(?=\d)/gi, `$1${WORD_JOINER}-`)
}

/** A value that must be a finite number; anything else (a string from a tampered artifact) is shown as "—". */
export function finite(value) {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

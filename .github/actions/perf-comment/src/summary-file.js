import { readFileSync, statSync } from 'node:fs'

/** A summary.json larger than this is not one the gate wrote (a PR suite's is about 20 KB). */
export const MAX_SUMMARY_BYTES = 5 * 1024 * 1024

/**
 * Reads the gate's summary.json and checks the fields the report relies on. The workflow checks
 * it with scripts/ci/check-summary.sh first; this repeats the essentials so the action never
 * renders a file it does not understand.
 *
 * @throws Error naming the file and the field
 */
export function readSummary(path) {
  let size
  try {
    size = statSync(path).size
  } catch (error) {
    throw new Error(`${path}: cannot read the gate's summary: ${error.code || error.message}`)
  }
  if (size > MAX_SUMMARY_BYTES) {
    throw new Error(`${path}: ${size} bytes is larger than any summary the gate writes (limit ${MAX_SUMMARY_BYTES})`)
  }
  let summary
  try {
    summary = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new Error(`${path}: not valid JSON: ${error.message}`)
  }
  const fail = (field, expected) => {
    throw new Error(`${path}: field ${field}: expected ${expected}`)
  }
  if (summary === null || typeof summary !== 'object' || Array.isArray(summary)) {
    fail('(root)', 'an object')
  }
  if (summary.schemaVersion !== 1) {
    fail('schemaVersion', `1, found ${JSON.stringify(summary.schemaVersion)}`)
  }
  if (!Array.isArray(summary.scenarios)) {
    fail('scenarios', 'an array')
  }
  summary.scenarios.forEach((scenario, index) => {
    if (scenario === null || typeof scenario !== 'object') {
      fail(`scenarios[${index}]`, 'an object')
    }
    if (typeof scenario.scenario !== 'string' || scenario.scenario === '') {
      fail(`scenarios[${index}].scenario`, 'a scenario name')
    }
    if (typeof scenario.outcome !== 'string') {
      fail(`scenarios[${index}].outcome`, 'a string')
    }
    if (scenario.metrics !== undefined && !Array.isArray(scenario.metrics)) {
      fail(`scenarios[${index}].metrics`, 'an array')
    }
    // What the comment shows of a scenario is the gate's word: a summary without it is an older gate's, not guessed at.
    for (const field of ['notRun', 'notConfirmed']) {
      if (typeof scenario[field] !== 'boolean') {
        fail(`scenarios[${index}].${field}`, 'true or false (written by an older gate?)')
      }
    }
    if (Array.isArray(scenario.metrics) && !Array.isArray(scenario.mismatchReasons)) {
      fail(`scenarios[${index}].mismatchReasons`, 'an array (written by an older gate?)')
    }
    const confirmation = scenario.confirmation && Array.isArray(scenario.confirmation.metrics) ? scenario.confirmation.metrics : []
    ;[...(Array.isArray(scenario.metrics) ? scenario.metrics : []), ...confirmation].forEach((metric, m) => {
      for (const field of ['attention', 'flagged']) {
        if (metric === null || typeof metric !== 'object' || typeof metric[field] !== 'boolean') {
          fail(`scenarios[${index}] metric ${m}.${field}`, 'true or false (written by an older gate?)')
        }
      }
    })
  })
  if (typeof summary.reproduce !== 'string') {
    fail('reproduce', 'the command line (written by an older gate?)')
  }
  if (typeof summary.complete !== 'boolean') {
    fail('complete', 'true or false')
  }
  // The one decision, made by the gate in Java: shown, never recomputed.
  const decision = summary.decision
  if (decision === null || typeof decision !== 'object' || Array.isArray(decision)) {
    fail('decision', 'an object (the gate\'s decision; written by an older gate?)')
  }
  // Shapes only: which outcome has which exit code and word is the gate's (GateResult.Outcome), written into the file.
  if (typeof decision.outcome !== 'string' || decision.outcome === '') {
    fail('decision.outcome', `the gate's outcome, found ${JSON.stringify(decision.outcome)?.slice(0, 40)}`)
  }
  if (![0, 1, 2].includes(decision.exitCode)) {
    fail('decision.exitCode', `0, 1 or 2, found ${JSON.stringify(decision.exitCode)?.slice(0, 40)}`)
  }
  if (typeof decision.status !== 'string' || !/^[a-z-]{1,20}$/.test(decision.status)) {
    fail('decision.status', 'a lower-case word (written by an older gate?)')
  }
  if (typeof decision.judged !== 'boolean') {
    fail('decision.judged', 'true or false')
  }
  if (typeof decision.headline !== 'string' || decision.headline === '') {
    fail('decision.headline', 'a line of text')
  }
  if (typeof decision.title !== 'string' || decision.title === '') {
    fail('decision.title', 'a line of text (written by an older gate?)')
  }
  if (typeof summary.notRun !== 'number') {
    fail('notRun', 'a count (written by an older gate?)')
  }
  return summary
}

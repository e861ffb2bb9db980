// One decision, every surface (issue 73): for each outcome, the summary.json Java wrote
// (SummarySurfacesTest, perf-tests/target/surfaces/<status>/) goes through each reader a user sees,
// and each must say what Java's typed result says (expected.json beside it):
//   gate.sh's exit code and last line   scripts/gate-java.sh GateExit, with the facts gate.sh reads by jq;
//   the workflow's step outputs         scripts/ci/check-summary.sh (outcome, exit-code, verdict, headline);
//   the PR comment                      the comment action's renderReport: the title and the headline.
// A surface that works an outcome out again, and gets it otherwise, fails here.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { renderReport } from '../../.github/actions/perf-comment/src/render.js'
import { readSummary } from '../../.github/actions/perf-comment/src/summary-file.js'
import { escapeText } from '../../.github/actions/perf-comment/src/escape.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const SURFACES = join(ROOT, 'perf-tests', 'target', 'surfaces')
const OUTCOMES = ['pass', 'fail', 'accepted', 'incomplete', 'not-judged']

test('Java wrote one summary per outcome', () => {
  assert.ok(existsSync(SURFACES), `${SURFACES} is missing: run mvn verify (SummarySurfacesTest writes it) first`)
  assert.deepEqual(readdirSync(SURFACES).sort(), [...OUTCOMES].sort())
})

function jq(filter, file) {
  const result = spawnSync('jq', ['-r', filter, file], { encoding: 'utf8' })
  assert.equal(result.status, 0, result.stderr)
  return result.stdout.replace(/\n$/, '')
}

for (const status of OUTCOMES) {
  test(`${status}: gate.sh's exit, the workflow's outputs and the comment all say what Java decided`, { skip: !existsSync(join(SURFACES, status)) && 'see the test above' }, () => {
    const file = join(SURFACES, status, 'summary.json')
    const expected = JSON.parse(readFileSync(join(SURFACES, status, 'expected.json'), 'utf8'))

    // gate.sh: the facts it reads with jq (its last lines), then GateExit; Maven's own exit is 0 for a pass, 1 otherwise.
    const exit = spawnSync(join(ROOT, 'scripts', 'gate-java.sh'), ['GateExit', `maven-exit=${expected.exitCode === 0 ? 0 : 1}`,
      'summary=written', `decision-exit=${jq('.decision.exitCode // empty', file)}`, `outcome=${jq('.decision.outcome // empty', file)}`,
      `headline=${jq('.decision.headline // empty', file)}`, `path=${file}`], { encoding: 'utf8', timeout: 60_000 })
    assert.equal(exit.status, expected.exitCode, exit.stderr)
    assert.equal((exit.status === 0 ? exit.stdout : exit.stderr).trim(), expected.console)

    // The workflow: check-summary.sh's step outputs.
    const check = spawnSync(join(ROOT, 'scripts', 'ci', 'check-summary.sh'), [file], { encoding: 'utf8' })
    assert.equal(check.status, 0, check.stderr)
    const outputs = Object.fromEntries(check.stdout.trim().split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]))
    assert.equal(outputs.outcome, expected.outcome)
    assert.equal(Number(outputs['exit-code']), expected.exitCode)
    assert.equal(outputs.status, expected.status)
    assert.equal(outputs.headline, expected.headline.replace(/[\r\n]/g, ' '))

    // The comment: the action reads the file and prints Java's title and headline, escaped.
    const { body } = renderReport(readSummary(file), { marker: '<!-- kafka-perf-gate-comment:surfaces -->' })
    assert.ok(body.includes(`### ${escapeText(expected.title, 300)}\n`), `the comment's title is not Java's:\n${body.slice(0, 400)}`)
    assert.ok(body.includes(escapeText(expected.headline, 600)), 'the comment does not carry Java\'s headline')
    // And what Java decided for the rows (SummarySurfacesTest's runs): each outcome shows its part of it.
    assert.match(body, /\*\*Reproduce locally\*\*[^]*```sh\ngit checkout b{40}\nscripts\/gate\.sh -Dperf\.suite=pr -Dperf\.profile=linux-amd64-2c\n```/)
    const shown = {
      pass: [/\(first \+20\.0%, did not repeat&#58; noise\)/, /not confirmed by a re-run on a fresh broker \(passes\): orders-end-to-end/],
      fail: [/#### Needs attention[^]*\| orders-end-to-end \| cpuNsPerRecord \|[^\n]*\(first \+20\.0%, confirmed\)[^\n]*❌ REGRESSION/],
      accepted: [/#### Needs attention[^]*\(first \+20\.0%, confirmed\)/, /\*\*Accepted\*\* by maint&#45;1|\*\*Accepted\*\* by maint-1/],
      incomplete: [/\*\*Could not run\*\*\n- orders-end-to-end \(error\): /],
      'not-judged': [/🆕/],
    }[status]
    for (const pattern of shown) {
      assert.match(body, pattern)
    }
  })
}

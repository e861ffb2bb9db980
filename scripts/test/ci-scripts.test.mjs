// The jq glue under scripts/ci/, run as workflows run it, on fixtures: real summaries the gate
// wrote, a pull_request payload, and damaged copies. Every case runs once per jq on the PATH
// candidates (Debian's 1.6; 1.7 when KPG_JQ_DIRS names its bin directory), because runners ship
// 1.7 and this machine 1.6.
import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { emptyState, startFakeGitHub } from '../../.github/actions/perf-comment/test/fake-github.js'
import { spawnAsync } from './spawn-async.mjs'

// Everything this file writes goes under one folder, removed when its tests end.
const SCRATCH = mkdtempSync(join(tmpdir(), 'kpg-test-'))
after(() => rmSync(SCRATCH, { recursive: true, force: true }))

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const SCRIPTS = join(ROOT, 'scripts', 'ci')
const SUMMARIES = join(ROOT, '.github', 'actions', 'perf-comment', 'test', 'fixtures')
const EVENT = join(ROOT, 'scripts', 'test', 'fixtures', 'pull_request-event.json')
const HEAD = '0123456789abcdef0123456789abcdef01234567'

/** Each jq to test with: the PATH's, then every directory in KPG_JQ_DIRS (colon-separated). */
const JQ_PATHS = ['', ...(process.env.KPG_JQ_DIRS || '').split(':').filter(Boolean)]
  .map((dir) => (dir ? `${dir}:${process.env.PATH}` : process.env.PATH))

function jqVersion(path) {
  return execFileSync('jq', ['--version'], { env: { ...process.env, PATH: path }, encoding: 'utf8' }).trim()
}

function run(path, script, args, env = {}) {
  const result = spawnSync(join(SCRIPTS, script), args, { env: { ...process.env, PATH: path, ...env }, encoding: 'utf8', timeout: 30_000 })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

/** The same, without blocking: the fake GitHub API it calls answers from this process. */
function runAsync(path, script, args, env = {}) {
  return spawnAsync(join(SCRIPTS, script), args, { env: { ...process.env, PATH: path, ...env } })
}

function temp(name, content) {
  const path = join(mkdtempSync(join(SCRATCH, 'kpg-ci-')), name)
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
}

const summary = (name) => JSON.parse(readFileSync(join(SUMMARIES, name), 'utf8'))

for (const path of JQ_PATHS) {
  const jq = jqVersion(path)

  test(`${jq}: check-summary gives the verdict outputs of real summaries`, () => {
    const regression = run(path, 'check-summary.sh', [join(SUMMARIES, 'confirmed-regression.json')])
    assert.equal(regression.code, 0, regression.stderr)
    assert.equal(regression.stdout, 'outcome=REGRESSION\nexit-code=1\nstatus=fail\ncomplete=true\nregressions=2\nnot-run=0\n'
      + 'headline=confirmed regression: producer-1k-acks1-20k (throughput -51.9%); producer-1k-acks1-unthrottled (throughput -69.9%)\n')
    const passed = run(path, 'check-summary.sh', [join(SUMMARIES, 'all-passed.json')])
    assert.equal(passed.code, 0, passed.stderr)
    assert.match(passed.stdout, /^outcome=PASS\nexit-code=0\nstatus=pass\ncomplete=true\nregressions=0\nnot-run=0\nheadline=pass: 2 INCONCLUSIVE\n$/)
  })

  test(`${jq}: check-summary names each damaged field`, () => {
    const base = summary('all-passed.json')
    const damaged = structuredClone(base)
    damaged.scenarios[1].outcome = 'pwned'
    damaged.scenarios[0].metrics[0].current = '12345'
    damaged.schemaVersion = 2
    const result = run(path, 'check-summary.sh', [temp('summary.json', damaged)])
    assert.equal(result.code, 2)
    assert.match(result.stderr, /is not a gate summary/)
    assert.match(result.stderr, /field schemaVersion: expected 1, found 2/)
    assert.match(result.stderr, /field scenarios\[1\]\.outcome: expected passed, regression, no-baseline, failed, error or unchanged, found "pwned"/)
    assert.match(result.stderr, /field scenarios\[0\]\.metrics\[0\]\.current: expected a number or null/)
    assert.equal(result.stdout, '', 'no outputs from a bad file')
  })

  test(`${jq}: check-summary refuses a file that is not JSON, or missing`, () => {
    const truncated = run(path, 'check-summary.sh', [temp('summary.json', '{"schemaVersion": 1, "scen')])
    assert.equal(truncated.code, 2)
    assert.match(truncated.stderr, /summary\.json: not valid JSON/)
    const missing = run(path, 'check-summary.sh', ['/nonexistent/summary.json'])
    assert.equal(missing.code, 2)
    assert.match(missing.stderr, /\/nonexistent\/summary\.json: missing/)
  })

  test(`${jq}: an incomplete run says so`, () => {
    const base = summary('all-passed.json')
    base.complete = false
    base.scenarios[0] = { scenario: base.scenarios[0].scenario, workload: 'produce', outcome: 'error', notRun: true, notConfirmed: false, resultFile: null, message: 'broker died' }
    base.decision = { outcome: 'INCOMPLETE', exitCode: 2, status: 'incomplete', judged: true, headline: 'run INCOMPLETE: broker died' }
    base.notRun = 1
    const result = run(path, 'check-summary.sh', [temp('summary.json', base)])
    assert.equal(result.code, 0, result.stderr)
    assert.match(result.stdout, /outcome=INCOMPLETE\nexit-code=2\nstatus=incomplete\ncomplete=false\nregressions=0\nnot-run=1\n/)
  })

  test(`${jq}: the decision is passed on as the gate made it, never recomputed, and its shape is checked`, () => {
    // A confirmed regression in an incomplete run: the gate decided INCOMPLETE, and so says this script.
    const both = summary('confirmed-regression.json')
    both.complete = false
    both.decision = { outcome: 'INCOMPLETE', exitCode: 2, status: 'incomplete', judged: true, headline: 'run INCOMPLETE: the suite did not reach its end' }
    assert.match(run(path, 'check-summary.sh', [temp('summary.json', both)]).stdout, /^outcome=INCOMPLETE\nexit-code=2\nstatus=incomplete\n/)
    const nothing = summary('all-passed.json')
    nothing.decision = { outcome: 'NOT_JUDGED', exitCode: 2, status: 'not-judged', judged: false, headline: 'nothing was judged (2 NEW)' }
    assert.match(run(path, 'check-summary.sh', [temp('summary.json', nothing)]).stdout, /status=not-judged\n/)
    for (const [decision, message] of [
      [undefined, /field decision: expected an object/],
      ['PASS', /field decision: expected an object/],
      [{ outcome: '', exitCode: 0, status: 'pass', judged: true, headline: 'x' }, /field decision\.outcome: expected the gate's outcome/],
      [{ outcome: 'PASS', exitCode: 5, status: 'pass', judged: true, headline: 'x' }, /field decision\.exitCode: expected 0, 1 or 2, found 5/],
      // Written by a gate before the status: the script works out no word of its own.
      [{ outcome: 'PASS', exitCode: 0, judged: true, headline: 'x' }, /field decision\.status: expected a lower-case word/],
      [{ outcome: 'PASS', exitCode: 0, status: 'pass', judged: 'yes', headline: 'x' }, /field decision\.judged: expected true or false/],
    ]) {
      const damaged = summary('all-passed.json')
      damaged.decision = decision
      const result = run(path, 'check-summary.sh', [temp('summary.json', damaged)])
      assert.equal(result.code, 2, JSON.stringify(decision))
      assert.match(result.stderr, message)
    }
  })

  test(`${jq}: a summary without the gate's words for the comment (an older gate's) is refused, not guessed at`, () => {
    for (const [damage, message] of [
      [(s) => { delete s.reproduce }, /field reproduce: expected the command line/],
      [(s) => { delete s.scenarios[0].notRun }, /field scenarios\[0\]\.notRun: expected true or false/],
      [(s) => { s.scenarios[0].notConfirmed = 'no' }, /field scenarios\[0\]\.notConfirmed: expected true or false/],
      [(s) => { delete s.scenarios[0].metrics[0].attention }, /field scenarios\[0\]\.metrics\[0\]\.attention: expected true or false/],
    ]) {
      const damaged = summary('all-passed.json')
      damage(damaged)
      const result = run(path, 'check-summary.sh', [temp('summary.json', damaged)])
      assert.equal(result.code, 2, result.stdout)
      assert.match(result.stderr, message)
    }
  })

  test(`${jq}: NaN and Infinity are refused, as the action refuses them`, () => {
    const text = readFileSync(join(SUMMARIES, 'all-passed.json'), 'utf8').replace(/"deltaPercent": [^,]*,/, '"deltaPercent": NaN,')
    const result = run(path, 'check-summary.sh', [temp('summary.json', text)])
    assert.equal(result.code, 2, result.stdout)
    assert.match(result.stderr, /not valid JSON: NaN or Infinity at scenarios\.0\.metrics\.0\.deltaPercent/)
  })

  test(`${jq}: pr-metadata picks the PR's identity from a pull_request payload`, () => {
    const result = run(path, 'pr-metadata.sh', [EVENT])
    assert.equal(result.code, 0, result.stderr)
    assert.deepEqual(JSON.parse(result.stdout), { number: 7, headSha: HEAD, headRepository: 'contributor/payments', baseRef: 'main' })
    const push = run(path, 'pr-metadata.sh', [temp('event.json', { ref: 'refs/heads/main' })])
    assert.equal(push.code, 2)
    assert.match(push.stderr, /not a pull_request event payload/)
    const huge = temp('huge-event.json', { pull_request: { number: 7, body: 'x'.repeat(6 * 1024 * 1024) } })
    const refused = run(path, 'pr-metadata.sh', [huge])
    assert.equal(refused.code, 2)
    assert.match(refused.stderr, /larger than any event payload \(limit 5242880\); refused/)
  })

  test(`${jq}: check-pr-metadata passes a real PR and gives its outputs`, () => {
    const prJson = temp('pr.json', run(path, 'pr-metadata.sh', [EVENT]).stdout)
    const result = run(path, 'check-pr-metadata.sh', [prJson, HEAD])
    assert.equal(result.code, 0, result.stderr)
    assert.equal(result.stdout, `number=7\nhead-sha=${HEAD}\n`)
  })

  test(`${jq}: check-pr-metadata refuses what a fork could put in the artifact`, () => {
    const cases = [
      [{ number: '7', headSha: HEAD }, /field number: expected a positive integer, found "7"/],
      [{ number: 7.5, headSha: HEAD }, /field number: expected a positive integer, found 7\.5/],
      [{ number: -3, headSha: HEAD }, /field number: expected a positive integer, found -3/],
      [{ number: '7\nhead-sha=evil', headSha: HEAD }, /field number: expected a positive integer/],
      [{ number: 7, headSha: 'HEAD' }, /field headSha: expected 40 hex digits, found "HEAD"/],
      [{ number: 7, headSha: 'f'.repeat(40) }, /is not the head of the workflow run .*: the artifact does not belong to this run/],
      [[7], /not a JSON object/],
    ]
    for (const [content, message] of cases) {
      const result = run(path, 'check-pr-metadata.sh', [temp('pr.json', content), HEAD])
      assert.equal(result.code, 2, JSON.stringify(content))
      assert.match(result.stderr, message)
      assert.equal(result.stdout, '', `no outputs for ${JSON.stringify(content)}`)
    }
  })

  test(`${jq}: check-artifact-size lets through one artifact within the bound, and nothing else`, async () => {
    const artifacts = join(mkdtempSync(join(SCRATCH, 'kpg-artifacts-')))
    mkdirSync(join(artifacts, '41', 'perf-gate-results'), { recursive: true })
    writeFileSync(join(artifacts, '41', 'perf-gate-results', 'summary.json'), 'x'.repeat(4000))
    const state = emptyState()
    state.artifacts = {
      42: [{ name: 'perf-gate-results', size_in_bytes: 70 * 1024 * 1024, expired: false }],
      43: [{ name: 'perf-gate-results', size_in_bytes: 10, expired: true }],
      44: [{ name: 'perf-gate-results', size_in_bytes: 10, expired: false }, { name: 'perf-gate-results', size_in_bytes: 10, expired: false }],
      45: [{ name: 'perf-gate-results', expired: false }],
    }
    const fake = await startFakeGitHub({ state, artifactsDir: artifacts })
    try {
      const env = { GITHUB_API_URL: fake.url, GITHUB_REPOSITORY: 'team/orders', GITHUB_TOKEN: 'ghs_test' }
      const bound = String(64 * 1024 * 1024)
      const fine = await runAsync(path, 'check-artifact-size.sh', ['perf-gate-results', '41', bound], env)
      assert.equal(fine.code, 0, fine.stderr)
      assert.match(fine.stdout, /perf-gate-results of run 41: 4000 bytes/)
      const cases = [
        ['42', /holds 73400320 bytes, more than 67108864: not downloaded/],
        ['43', /has expired/],
        ['44', /has 2 artifacts named perf-gate-results, not one/],
        ['45', /has no size/],
        ['46', /has 0 artifacts named perf-gate-results, not one/],
        ['4x', /run id '4x' is not a number/],
      ]
      for (const [run, message] of cases) {
        const refused = await runAsync(path, 'check-artifact-size.sh', ['perf-gate-results', run, bound], env)
        assert.equal(refused.code, 1, `run ${run}: ${refused.stdout}`)
        assert.match(refused.stderr, message)
      }
      const unreachable = await runAsync(path, 'check-artifact-size.sh', ['perf-gate-results', '41', bound],
        { ...env, GITHUB_TOKEN: 'x', GITHUB_API_URL: `${fake.url}/nowhere` })
      assert.equal(unreachable.code, 1)
      assert.match(unreachable.stderr, /could not list the artifacts of run 41/)
      assert.ok(fake.state.requests.some((request) => request === 'GET /repos/team/orders/actions/runs/41/artifacts?name=perf-gate-results'),
        fake.state.requests.join('\n'))
    } finally {
      await fake.close()
    }
  })
}

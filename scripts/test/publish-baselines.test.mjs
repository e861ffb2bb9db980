// scripts/ci/publish-baselines.sh against a real git origin (a bare repository) and the fake
// GitHub API: nothing to publish, a branch and a pull request, a direct push, and a refusal.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, before, beforeEach, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { emptyState, startFakeGitHub } from '../../.github/actions/perf-comment/test/fake-github.js'
import { spawnAsync } from './spawn-async.mjs'

// Everything this file writes goes under one folder, removed when its tests end.
const SCRATCH = mkdtempSync(join(tmpdir(), 'kpg-test-'))
after(() => rmSync(SCRATCH, { recursive: true, force: true }))

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '..', 'ci', 'publish-baselines.sh')
let fake

before(async () => { fake = await startFakeGitHub() })
after(() => fake.close())
beforeEach(() => Object.assign(fake.state, emptyState()))

const git = (cwd, ...args) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()

/** A clone of a bare origin with one commit holding a baseline file. */
function repository() {
  const root = mkdtempSync(join(SCRATCH, 'kpg-publish-'))
  const origin = join(root, 'origin.git')
  const work = join(root, 'work')
  git(root, 'init', '-q', '--bare', '-b', 'main', origin)
  git(root, 'clone', '-q', origin, work)
  git(work, 'config', 'user.name', 'test')
  git(work, 'config', 'user.email', 'test@example.invalid')
  mkdirSync(join(work, 'baselines', 'linux-amd64-2c'), { recursive: true })
  writeFileSync(join(work, 'baselines', 'linux-amd64-2c', 'a.json'), '{"runs": 1}\n')
  git(work, 'add', '.')
  git(work, 'commit', '-q', '-m', 'initial')
  git(work, 'push', '-q', 'origin', 'HEAD:refs/heads/main')
  const report = join(root, 'refresh.txt')
  writeFileSync(report, 'refresh-baselines: a: median 100 → 104 records/s\nrefresh-baselines: merged 1 scenario(s) into baselines/linux-amd64-2c\n')
  return { origin, work, report }
}

function publish(cwd, args) {
  const env = { ...process.env, GITHUB_TOKEN: 'ghs_fake', GITHUB_REPOSITORY: 'acme/payments', GITHUB_API_URL: fake.url, GITHUB_RUN_ID: '77', GITHUB_REF_NAME: 'main' }
  return spawnAsync(SCRIPT, args, { cwd, env })
}

test('nothing changed: says so, pushes nothing, opens nothing', async () => {
  const { work, report } = repository()
  const result = await publish(work, ['--report', report])
  assert.equal(result.code, 0, result.stderr)
  assert.equal(result.stdout, 'changed=false\n')
  assert.deepEqual(fake.state.createdPulls, [])
})

test('a change: a commit on perf-baselines/nightly and a pull request carrying the report', async () => {
  const { origin, work, report } = repository()
  writeFileSync(join(work, 'baselines', 'linux-amd64-2c', 'a.json'), '{"runs": 2}\n')
  const result = await publish(work, ['--report', report])
  assert.equal(result.code, 0, result.stderr)
  const branch = result.stdout.match(/^branch=(perf-baselines\/nightly)$/m)[1]
  assert.match(result.stdout, /^changed=true$/m)
  assert.match(result.stdout, /^pr-url=https:\/\/github\.test\/acme\/payments\/pull\/1$/m)
  assert.equal(git(origin, 'show', `${branch}:baselines/linux-amd64-2c/a.json`), '{"runs": 2}')
  assert.equal(git(origin, 'rev-parse', 'main'), git(work, 'rev-parse', 'HEAD~1'), 'main is untouched')
  const [pull] = fake.state.createdPulls
  assert.equal(pull.head, branch)
  assert.equal(pull.base, 'main')
  assert.match(pull.body, /median 100 → 104 records\/s/)
  assert.match(git(origin, 'log', '-1', '--format=%B', branch), /^perf baselines: nightly refresh .*\n\nrefresh-baselines: a: median 100 → 104/)
})

test('the next night updates the same branch and pull request instead of opening another', async () => {
  const { origin, work, report } = repository()
  writeFileSync(join(work, 'baselines', 'linux-amd64-2c', 'a.json'), '{"runs": 2}\n')
  const first = await publish(work, ['--report', report])
  assert.equal(first.code, 0, first.stderr)
  git(work, 'reset', '-q', '--hard', 'origin/main')
  writeFileSync(join(work, 'baselines', 'linux-amd64-2c', 'a.json'), '{"runs": 3}\n')
  const second = await publish(work, ['--report', report])
  assert.equal(second.code, 0, second.stderr)
  assert.match(second.stderr, /publish-baselines: updated https:\/\/github\.test\/acme\/payments\/pull\/1 from perf-baselines\/nightly/)
  assert.equal(fake.state.createdPulls.length, 1, 'one pull request')
  assert.equal(git(origin, 'show', 'perf-baselines/nightly:baselines/linux-amd64-2c/a.json'), '{"runs": 3}')
  assert.equal(git(origin, 'rev-parse', 'perf-baselines/nightly~1'), git(origin, 'rev-parse', 'main'), 'rebuilt on the base, no conflict')
})

test('--push: the commit goes to the branch itself, no pull request', async () => {
  const { origin, work, report } = repository()
  writeFileSync(join(work, 'baselines', 'linux-amd64-2c', 'a.json'), '{"runs": 3}\n')
  const result = await publish(work, ['--report', report, '--push'])
  assert.equal(result.code, 0, result.stderr)
  assert.match(result.stdout, /^changed=true\nbranch=main\n$/)
  assert.equal(git(origin, 'show', 'main:baselines/linux-amd64-2c/a.json'), '{"runs": 3}')
  assert.deepEqual(fake.state.createdPulls, [])
})

test('a refused pull request fails with the status and what to check', async () => {
  const { work, report } = repository()
  writeFileSync(join(work, 'baselines', 'linux-amd64-2c', 'a.json'), '{"runs": 4}\n')
  fake.state.failWrites = 403
  const result = await publish(work, ['--report', report])
  assert.equal(result.code, 1)
  assert.match(result.stderr, /opening the pull request failed with HTTP 403: Resource not accessible by integration \(needs pull-requests: write, and 'Allow GitHub Actions to create pull requests'/)
})

test("--baselines: a team module's baselines folder is committed, and nothing else of the tree", async () => {
  const { origin, work, report } = repository()
  mkdirSync(join(work, 'services', 'orders', 'baselines', 'ci'), { recursive: true })
  writeFileSync(join(work, 'services', 'orders', 'baselines', 'ci', 'orders-publish.json'), '{"runs": 1}\n')
  writeFileSync(join(work, 'stray.txt'), 'not a baseline\n')
  const result = await publish(work, ['--report', report, '--baselines', 'services/orders/baselines', '--push'])
  assert.equal(result.code, 0, result.stderr)
  assert.equal(git(origin, 'show', 'main:services/orders/baselines/ci/orders-publish.json'), '{"runs": 1}')
  assert.equal(git(origin, 'ls-tree', '--name-only', 'main', 'stray.txt'), '', 'only the baselines folder is committed')
})

test('--baselines outside the repository is refused before anything is committed', async () => {
  const { work, report } = repository()
  const result = await publish(work, ['--report', report, '--baselines', '../elsewhere'])
  assert.equal(result.code, 1)
  assert.match(result.stderr, /--baselines \.\.\/elsewhere must be a folder inside the repository/)
})

// scripts/init.sh (and scripts/gate.sh init): a team's module set up for the gate, writing only
// files that do not exist, and nothing at all when one does. The scenario it writes is checked by
// the gate's own validator, and the workflow by actionlint when it is on the PATH.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'

const SCRATCH = mkdtempSync(join(tmpdir(), 'kpg-test-'))
after(() => rmSync(SCRATCH, { recursive: true, force: true }))

// A full commit SHA, as init writes into the workflows (it need not exist here: a SHA is taken as given).
const PIN = '0123456789abcdef0123456789abcdef01234567'
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 120_000, ...options })
  return { code: result.status, stderr: result.stderr, stdout: result.stdout }
}

/** A team's repository with its service in services/orders (a module not at the root). */
function teamRepository(properties) {
  const repo = mkdtempSync(join(SCRATCH, 'team-'))
  const module = join(repo, 'services', 'orders')
  mkdirSync(join(module, 'src', 'main', 'resources'), { recursive: true })
  writeFileSync(join(module, 'pom.xml'), '<project><artifactId>orders</artifactId></project>\n')
  if (properties !== undefined) {
    writeFileSync(join(module, 'src', 'main', 'resources', 'producer.properties'), properties)
  }
  assert.equal(run('git', ['init', '-q', repo]).code, 0)
  return { repo, module }
}

test('writes the scenario on the module\'s producer.properties, the suite class and three pinned workflows', () => {
  const { repo, module } = teamRepository('acks=all\nlinger.ms=5\nvalue.serializer=org.apache.kafka.common.serialization.ByteArraySerializer\n')
  const { code, stdout, stderr } = run(join(ROOT, 'scripts', 'gate.sh'), ['init', '--module', module, '--action-ref', PIN])
  assert.equal(code, 0, stderr)
  const scenario = readFileSync(join(module, 'perf', 'orders-publish.yaml'), 'utf8')
  assert.match(scenario, /^# latency: \{p99\.max: 5ms\}$/m, 'the scenario shows where a latency budget goes (issue 82)')
  assert.match(scenario, /^name: orders-publish$/m)
  assert.match(scenario, /^producer\.config: \.\.\/src\/main\/resources\/producer\.properties$/m)
  assert.match(scenario, /^record\.size: 512$/m)
  // The pinned keys the file lacks, at kafka-clients 4.x's defaults; the ones it has stay its own.
  assert.match(scenario, /^producer: \{batch\.size: 16384, compression\.type: none\}$/m)
  assert.match(readFileSync(join(module, 'src', 'test', 'java', 'perf', 'KafkaPerfGateTest.java'), 'utf8'),
    /class KafkaPerfGateTest extends dev\.kafkaperfgate\.junit\.PerfGateSuite/)
  const workflows = join(repo, '.github', 'workflows')
  const workflow = readFileSync(join(workflows, 'perf-gate.yml'), 'utf8')
  assert.match(workflow, new RegExp(String.raw`uses: kafka-perf-gate\/kafka-perf-gate\/\.github\/actions\/gate@${PIN}$`, 'm'))
  assert.match(workflow, /with: \{working-directory: services\/orders, base: merge-base, suite: pr, profile: linux-amd64-4c\}$/m)
  // Issue 58 item 8: a hang costs minutes, not GitHub's 6 hours, and a new push cancels the superseded run.
  assert.match(workflow, /^ {4}timeout-minutes: 45\b/m)
  // Issue 74: no job-level if, so no label event leaves a skipped run, which GitHub counts as a passed required check.
  assert.doesNotMatch(workflow, /^ {4}if:/m)
  assert.match(workflow, /^ {4}concurrency: \{group: "perf-gate-\$\{\{ github\.event\.pull_request\.number \}\}", cancel-in-progress: true\}/m)
  assert.doesNotMatch(workflow, /^concurrency:/m)
  const comment = readFileSync(join(workflows, 'perf-gate-comment.yml'), 'utf8')
  assert.match(comment, /^ {4}timeout-minutes: 10$/m)
  assert.match(comment, /workflow_run: \{workflows: \[perf-gate\], types: \[completed\]\}/)
  assert.match(comment, new RegExp(String.raw`uses: kafka-perf-gate\/kafka-perf-gate\/\.github\/actions\/comment@${PIN}$`, 'm'))
  assert.doesNotMatch(comment, /actions\/checkout/, 'the comment job never checks out code')
  const nightly = readFileSync(join(workflows, 'perf-baselines.yml'), 'utf8')
  assert.match(nightly, new RegExp(String.raw`gate@${PIN}\n\s+with: \{working-directory: services\/orders, suite: nightly, profile: linux-amd64-4c, refresh-baselines: "true"\}`, ''))
  assert.match(nightly, new RegExp(String.raw`publish-baselines@${PIN}\n\s+with: \{working-directory: services\/orders, token: "\$\{\{ secrets\.PERF_BASELINES_TOKEN \|\| github\.token \}\}"\}`, ''))
  // Issue 74: the nightly's run is bounded, and two refreshes never race on baselines/.
  assert.match(nightly, /^concurrency: \{group: perf-baselines, cancel-in-progress: false\}/m)
  assert.match(nightly, /^ {2}measure:\n(?: {4}.*\n)*? {4}timeout-minutes: 90\b/m)
  // The bar: a team writes three short workflows and copies nothing else (the nightly's 2 more lines bound it).
  for (const [name, text, most] of [['perf-gate.yml', workflow, 20], ['perf-gate-comment.yml', comment, 20], ['perf-baselines.yml', nightly, 22]]) {
    assert.ok(text.trimEnd().split('\n').length <= most, `${name} has ${text.trimEnd().split('\n').length} lines`)
    assert.doesNotMatch(text, /scripts\//, `${name} calls no script of the team's checkout`)
  }
  assert.match(stdout, /<artifactId>kafka-perf-gate<\/artifactId>/, 'the pom lacks the dependency: it is printed')
  assert.equal(readFileSync(join(module, 'pom.xml'), 'utf8'), '<project><artifactId>orders</artifactId></project>\n', 'the pom is never edited')

  // The gate's own validator reads the scenario it wrote (its classes are Kafka's: no module build needed).
  // scripts/test.sh has built the tools just before: their classpath is used as it is, not built again.
  const tools = join(ROOT, 'tools', 'target')
  const env = existsSync(join(tools, 'tools.classpath'))
    ? { ...process.env, KPG_GATE_CLASSPATH: `${join(tools, 'classes')}:${readFileSync(join(tools, 'tools.classpath'), 'utf8').trim()}` }
    : process.env
  const validate = run(join(ROOT, 'scripts', 'validate-scenarios.sh'), [join(module, 'perf')], { timeout: 300_000, env })
  assert.equal(validate.code, 0, validate.stdout + validate.stderr)
  assert.match(validate.stdout, /orders-publish \(produce\) \[pr, nightly\]/)
  const actionlint = run('actionlint', ['perf-gate.yml', 'perf-gate-comment.yml', 'perf-baselines.yml'].map((name) => join(workflows, name)))
  if (actionlint.code !== null) {
    assert.equal(actionlint.code, 0, actionlint.stdout + actionlint.stderr)
  }
})

test('a serializer of the team\'s own: the scenario asks for a RecordSource instead of byte payloads', () => {
  const { module } = teamRepository('acks=all\nbatch.size=32768\ncompression.type=lz4\nlinger.ms=5\nvalue.serializer=com.example.orders.OrderSerializer\n')
  const { code, stdout, stderr } = run(join(ROOT, 'scripts', 'init.sh'), ['--module', module, '--action-ref', PIN])
  assert.equal(code, 0, stderr)
  assert.match(readFileSync(join(module, 'perf', 'orders-publish.yaml'), 'utf8'),
    /^# record\.source: \{class: <your RecordSource>\} {3}# makes records of the types com\.example\.orders\.OrderSerializer and the other serializer take$/m)
  assert.doesNotMatch(readFileSync(join(module, 'perf', 'orders-publish.yaml'), 'utf8'), /^producer:/m, 'every pinned key is in the file')
  assert.match(stdout, /write a RecordSource \(dev\.kafkaperfgate\.spi\.RecordSource\) that makes the records your/)
})

test('a file that exists already: exit 2 naming it, and nothing written', () => {
  const { repo, module } = teamRepository('acks=all\n')
  mkdirSync(join(repo, '.github', 'workflows'), { recursive: true })
  writeFileSync(join(repo, '.github', 'workflows', 'perf-gate.yml'), 'the team\'s own\n')
  const { code, stderr } = run(join(ROOT, 'scripts', 'init.sh'), ['--module', module, '--action-ref', PIN])
  assert.equal(code, 2)
  assert.match(stderr, /^init: .*\/\.github\/workflows\/perf-gate\.yml exists already: nothing was written/m)
  assert.equal(readFileSync(join(repo, '.github', 'workflows', 'perf-gate.yml'), 'utf8'), 'the team\'s own\n')
  assert.equal(existsSync(join(module, 'perf')), false)
  assert.equal(existsSync(join(module, 'src', 'test')), false)
})

test('--workflows-only: a module with its scenarios and suite gets the three workflows, and its files stay its own', () => {
  const { repo, module } = teamRepository('acks=all\n')
  mkdirSync(join(module, 'perf'), { recursive: true })
  writeFileSync(join(module, 'perf', 'orders-publish.yaml'), 'the team\'s own\n')
  const { code, stdout, stderr } = run(join(ROOT, 'scripts', 'init.sh'), ['--module', module, '--action-ref', PIN, '--workflows-only'])
  assert.equal(code, 0, stderr)
  assert.equal(readFileSync(join(module, 'perf', 'orders-publish.yaml'), 'utf8'), 'the team\'s own\n')
  assert.equal(existsSync(join(module, 'src', 'test')), false, 'no suite class is written')
  for (const name of ['perf-gate.yml', 'perf-gate-comment.yml', 'perf-baselines.yml']) {
    assert.ok(existsSync(join(repo, '.github', 'workflows', name)), name)
  }
  assert.doesNotMatch(stdout, /wrote .*orders-publish\.yaml/)
})

test('a new folder becomes a perf module: its pom with the gate, the scenario, the suite, the workflows, and its line for the parent', () => {
  const { repo } = teamRepository('acks=all\n')
  writeFileSync(join(repo, 'pom.xml'), '<project>\n  <groupId>com.acme</groupId>\n  <artifactId>parent</artifactId>\n  <version>2.1.0-SNAPSHOT</version>\n</project>\n')
  const module = join(repo, 'orders-perf')
  const { code, stdout, stderr } = run(join(ROOT, 'scripts', 'init.sh'), ['--module', module, '--action-ref', PIN])
  assert.equal(code, 0, stderr)
  const pom = readFileSync(join(module, 'pom.xml'), 'utf8')
  assert.match(pom, /<groupId>com\.acme<\/groupId>\n {2}<artifactId>orders-perf<\/artifactId>\n {2}<version>2\.1\.0-SNAPSHOT<\/version>/)
  assert.match(pom, /<artifactId>kafka-perf-gate<\/artifactId>\n\s+<version>[^<]+<\/version>\n\s+<scope>test<\/scope>/)
  assert.match(pom, /<argLine>-Xms1g -Xmx1g -XX:\+UseG1GC -XX:\+AlwaysPreTouch<\/argLine>/)
  assert.ok(existsSync(join(module, 'perf', 'orders-perf-publish.yaml')))
  assert.ok(existsSync(join(module, 'src', 'test', 'java', 'perf', 'KafkaPerfGateTest.java')))
  assert.ok(existsSync(join(repo, '.github', 'workflows', 'perf-baselines.yml')))
  assert.match(stdout, /^init: add the module to .*\/pom\.xml's <modules> \(the pom is not edited\):\n {4}<module>orders-perf<\/module>$/m)
  assert.doesNotMatch(stdout, /add to .*<dependencies>/, 'its own pom has the dependency already')
  assert.equal(readFileSync(join(repo, 'pom.xml'), 'utf8').includes('<modules>'), false, 'the parent pom is never edited')

  // A refusal leaves no folder behind.
  const again = run(join(ROOT, 'scripts', 'init.sh'), ['--module', join(repo, 'second-perf'), '--action-ref', PIN])
  assert.equal(again.code, 2, 'the workflows exist already')
  assert.equal(existsSync(join(repo, 'second-perf')), false)
})

test('bad input is exit 2 with one line: no pom, an unknown option, a moving ref', () => {
  const empty = mkdtempSync(join(SCRATCH, 'nopom-'))
  writeFileSync(join(empty, 'notes.txt'), 'not a Maven module\n')
  const nopom = run(join(ROOT, 'scripts', 'init.sh'), ['--module', empty])
  assert.equal(nopom.code, 2)
  assert.equal(nopom.stderr.trim(), `init: --module ${empty} has no pom.xml (a new perf module is written only into a new or empty folder)`)
  const unknown = run(join(ROOT, 'scripts', 'init.sh'), ['--modul', empty])
  assert.equal(unknown.code, 2)
  assert.match(unknown.stderr, /^init: unknown option --modul \(known: --module DIR, --producer-config FILE, --action-ref REF, --workflows-only, --help\)$/m)
  const { module } = teamRepository('acks=all\n')
  const moving = run(join(ROOT, 'scripts', 'init.sh'), ['--module', module, '--action-ref', 'main'])
  assert.equal(moving.code, 2)
  assert.match(moving.stderr, /--action-ref main moves: pin a tag or a SHA/)
  const unknownTag = run(join(ROOT, 'scripts', 'init.sh'), ['--module', module, '--action-ref', 'v9.9.9-kpg-none'])
  assert.equal(unknownTag.code, 2)
  assert.match(unknownTag.stderr, /^init: --action-ref v9\.9\.9-kpg-none is not a commit of .*: pass the full 40-character SHA, or a tag this checkout has$/m)
})

test('a ref that is not a full SHA is written as the commit it names here, the ref kept in a comment: tags move too', () => {
  const { repo, module } = teamRepository('acks=all\n')
  const head = run('git', ['-C', ROOT, 'rev-parse', 'HEAD']).stdout.trim()
  const short = head.slice(0, 10)
  const { code, stderr } = run(join(ROOT, 'scripts', 'init.sh'), ['--module', module, '--action-ref', short, '--workflows-only'])
  assert.equal(code, 0, stderr)
  const workflow = readFileSync(join(repo, '.github', 'workflows', 'perf-gate.yml'), 'utf8')
  assert.match(workflow, new RegExp(`uses: kafka-perf-gate/kafka-perf-gate/\\.github/actions/gate@${head} # ${short}$`, 'm'))
})

// scripts/gate.sh --base: what it refuses before building anything. The paired run itself is
// covered by PairedModeTest (Java) and by .ci/run, which runs scripts/gate.sh --base HEAD.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'

// Everything this file writes goes under one folder, removed when its tests end.
const SCRATCH = mkdtempSync(join(tmpdir(), 'kpg-test-'))
after(() => rmSync(SCRATCH, { recursive: true, force: true }))

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const GATE = join(ROOT, 'scripts', 'gate.sh')

function gate(args, env = {}) {
  const result = spawnSync(GATE, args, { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 })
  return { code: result.status, stderr: result.stderr, stdout: result.stdout }
}

test('a base that is not a commit is exit 2 with one line naming it, and leaves no worktree behind', () => {
  const scratch = mkdtempSync(join(SCRATCH, 'kpg-gate-base-'))
  const { code, stderr } = gate(['--base', 'no-such-ref-kpg', '-Dperf.suite=pr'], { TMPDIR: scratch })
  assert.equal(code, 2, stderr)
  assert.match(stderr, /^gate: --base no-such-ref-kpg is not a commit of .*\(fetch it first, e\.g\. git fetch origin main; in Actions: fetch-depth: 0\)$/m)
  assert.deepEqual(readdirSync(scratch), [], 'nothing was created')
})

test('--base without a value is refused', () => {
  const { code, stderr } = gate(['--base'])
  assert.notEqual(code, 0)
  assert.match(stderr, /--base needs a git ref/)
})

test('--help prints the usage and the exit codes, and starts nothing', () => {
  const { code, stdout } = gate(['--help'])
  assert.equal(code, 0)
  assert.match(stdout, /^Runs the gate: /)
  assert.match(stdout, /scripts\/gate\.sh \[--module DIR\] \[--base REF \| --event KEY=VALUE\.\.\.\] \[--results DIR\] \[--help\]/)
  assert.match(stdout, /^ {2}2 {2}not judged: /m)
  assert.match(stdout, /^ {2}3 {2}infrastructure error: /m)
})

test('a misspelt option is exit 2 naming it, never handed to Maven', () => {
  const { code, stderr } = gate(['--bse', 'origin/main'])
  assert.equal(code, 2)
  assert.equal(stderr.trim(), 'gate: unknown option --bse (scripts/gate.sh --help lists them; settings are -Dperf.* properties)')
  const stray = gate(['pr'])
  assert.equal(stray.code, 2)
  assert.match(stray.stderr, /^gate: unexpected argument 'pr': options are --module DIR, --base REF, --event KEY=VALUE, --results DIR and --help, then -Dperf\.\* settings$/m)
})

test('--event: the mode is the gate Java\'s to choose; a pull request without a base is refused, exit 2, before anything is built', () => {
  const scratch = mkdtempSync(join(SCRATCH, 'kpg-gate-event-'))
  const refused = gate(['--event', 'event=pull_request', '--event', 'base=', '--event', 'target-branch=main', '-Dperf.suite=pr'],
    { TMPDIR: scratch })
  assert.equal(refused.code, 2, refused.stderr)
  assert.match(refused.stderr, /^error: stored mode on a pull request would run the pull request's code where the gate decides: set base: merge-base/m)
  assert.doesNotMatch(refused.stdout + refused.stderr, /building the gate|\[INFO\]/, 'nothing was built')
  assert.deepEqual(readdirSync(scratch), [], 'nothing was created')
  const misspelt = gate(['--event', 'evnt=push'])
  assert.equal(misspelt.code, 2)
  assert.match(misspelt.stderr, /^error: --event evnt=push: expected key=value with a key of event, base, target-branch/m)
  const both = gate(['--base', 'HEAD', '--event', 'event=push'])
  assert.equal(both.code, 2)
  assert.match(both.stderr, /^gate: --base and --event both choose the mode: give one$/m)
})

// gate-maven.sh's functions, in a bash of their own: gate.sh sources the file and provides gate_wait.
function gateMaven(script, env = {}) {
  const work = mkdtempSync(join(SCRATCH, 'kpg-gate-maven-'))
  const result = spawnSync('bash', ['-c', `gate_wait() { "$@"; }; . "${join(ROOT, 'scripts', 'gate-maven.sh')}"; `
    + `gate_maven_setup "${work}" >/dev/null || exit 90; ${script}`], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 })
  return { code: result.status, stderr: result.stderr, stdout: result.stdout }
}

// The fingerprints of what the base and the gate run on are the deciding JVM's: TrustedFilesTest, BaseBuildTest.

test('a .mvn/jvm.config planted in a folder above the folder the gate builds from is not read by the gate\'s Maven', () => {
  const scratch = mkdtempSync(join(SCRATCH, 'kpg-planted-'))
  // A JVM option that does not exist: a Maven that reads this file cannot start.
  mkdirSync(join(scratch, '.mvn'))
  writeFileSync(join(scratch, '.mvn', 'jvm.config'), '-XX:+KpgPlantedOptionThatDoesNotExist\n')
  const top = join(scratch, 'checkout')
  mkdirSync(top)
  writeFileSync(join(top, 'pom.xml'), `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
    <groupId>test</groupId><artifactId>planted</artifactId><version>1</version><packaging>pom</packaging></project>\n`)
  const maven = `-B -q -o -f "${join(top, 'pom.xml')}" validate`
  const plain = spawnSync('bash', ['-c', `cd "${top}" && mvn ${maven}`], { encoding: 'utf8', timeout: 120_000 })
  assert.notEqual(plain.status, 0, 'the planted file is read by a plain mvn, so this test can fail')
  const guarded = gateMaven(`cd "${top}" && gate_mvn ${maven}`, { MAVEN_OPTS: '-XX:+KpgAnotherOptionThatDoesNotExist' })
  assert.equal(guarded.code, 0, guarded.stdout + guarded.stderr)
})

test('gate.sh demo: --help says what it does, and an unknown patch is exit 2 naming the known ones (the run itself: the act test\'s flow, scripts/demo.sh)', () => {
  const help = gate(['demo', '--help'])
  assert.equal(help.code, 0, help.stderr)
  assert.match(help.stdout, /^See the gate work in one command: /)
  assert.match(help.stdout, /scripts\/gate\.sh demo \[--patch check-per-record\|copy-per-record\|mapper-per-record\]/)
  const unknown = gate(['demo', '--patch', 'no-such-change'])
  assert.equal(unknown.code, 2)
  assert.equal(unknown.stderr.trim(), 'demo: no patch no-such-change (known: check-per-record, copy-per-record, mapper-per-record)')
})

test('an option after a -D setting is refused, never handed to Maven as a goal', () => {
  const { code, stderr } = gate(['-Dperf.allow.unjudged=true', '--results', '/tmp/x'])
  assert.equal(code, 2)
  assert.equal(stderr.trim(), 'gate: --results after a -D setting: the options come first, then the -D settings')
})

// Issue 81: a pull request that commits files shaped as a repository into its module's folder (HEAD, config with a
// worktree, alternates to the real objects, refs/remotes/origin/main) named its own base: git's discovery in that
// folder took them for a repository. The gate finds the checkout's top by .git, which no commit can hold, and names it.
test('a repository committed into the module\'s folder cannot name the base: the merge base comes from the checkout\'s own', () => {
  const scratch = mkdtempSync(join(SCRATCH, 'kpg-fake-repo-'))
  const run = (cwd, command, args, env = {}) => {
    const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } })
    return { code: result.status, stdout: result.stdout.trim(), stderr: result.stderr }
  }
  const git = (cwd, ...args) => {
    const result = run(cwd, 'git', ['-c', 'user.name=t', '-c', 'user.email=t@localhost', '-c', 'init.defaultBranch=main', ...args])
    assert.equal(result.code, 0, result.stderr)
    return result.stdout
  }
  const origin = join(scratch, 'origin.git')
  const work = join(scratch, 'work')
  const module = join(work, 'services', 'telemetry')
  git(scratch, 'init', '-q', '--bare', origin)
  git(scratch, 'init', '-q', work)
  mkdirSync(module, { recursive: true })
  writeFileSync(join(module, 'pom.xml'), '<project/>\n')
  git(work, 'add', '-A')
  git(work, 'commit', '-qm', 'main')
  const mainCommit = git(work, 'rev-parse', 'HEAD')
  git(work, 'remote', 'add', 'origin', origin)
  git(work, 'push', '-q', 'origin', 'main')
  git(work, 'fetch', '-q', 'origin')
  git(work, 'checkout', '-qb', 'pr')
  writeFileSync(join(module, 'Serializer.java'), '// push 1: one more copy per record\n')
  git(work, 'add', '-A')
  git(work, 'commit', '-qm', 'push 1')
  const push1 = git(work, 'rev-parse', 'HEAD')
  // Push 2: five small files, each naming push 1.
  writeFileSync(join(module, 'HEAD'), 'ref: refs/heads/main\n')
  writeFileSync(join(module, 'config'), '[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = ../..\n')
  mkdirSync(join(module, 'objects', 'info'), { recursive: true })
  writeFileSync(join(module, 'objects', 'info', 'alternates'), '../../../.git/objects\n')
  mkdirSync(join(module, 'refs', 'remotes', 'origin'), { recursive: true })
  writeFileSync(join(module, 'refs', 'remotes', 'origin', 'main'), push1 + '\n')
  mkdirSync(join(module, 'refs', 'heads'), { recursive: true })
  writeFileSync(join(module, 'refs', 'heads', 'main'), push1 + '\n')
  git(work, 'add', '-A')
  git(work, 'commit', '-qm', 'push 2')

  // The attack is real: git's discovery in the module's folder answers push 1 (so this test proves something).
  const discovered = run(module, 'git', ['merge-base', 'origin/main', 'HEAD'])
  assert.equal(discovered.stdout, push1, `git no longer takes the folder for a repository: the test proves nothing (${discovered.stderr})`)

  // The gate's own git: the top found by .git, the repository named.
  const shell = run(module, 'bash', ['-c', `. "${join(ROOT, 'scripts', 'gate-git.sh')}"; top=$(gate_git_top .) || exit 9; echo "$top"; `
    + 'gate_git "$top" merge-base origin/main HEAD'], { GIT_DIR: join(module), GIT_CONFIG_PARAMETERS: "'safe.bareRepository'='all'" })
  assert.equal(shell.code, 0, shell.stderr)
  assert.deepEqual(shell.stdout.split('\n'), [work, mainCommit])

  // EventMode, as gate.sh launches it (checkout= the top it found): paired against the real merge base.
  const event = ['EventMode', 'event=pull_request', 'base=merge-base', 'target-branch=main', 'default-branch=main', 'ref-name=7/merge']
  const decided = run(module, join(ROOT, 'scripts', 'gate-java.sh'), [...event, `checkout=${work}`])
  assert.equal(decided.code, 0, decided.stderr)
  assert.deepEqual(decided.stdout.split('\n'), ['--base', mainCommit])
  // Handed the module's folder, as gate.sh did before, it finds no checkout there: never the pull request's base.
  const inModule = run(module, join(ROOT, 'scripts', 'gate-java.sh'), [...event, `checkout=${module}`])
  assert.equal(inModule.code, 2, inModule.stdout)
  assert.match(inModule.stderr, /is not the top of a git checkout/)
  assert.match(inModule.stderr, /^error: no merge base with origin\/main/m)
})

test('a module reached through a committed link, or inside a submodule, is no checkout the gate takes', () => {
  const scratch = mkdtempSync(join(SCRATCH, 'kpg-linked-module-'))
  mkdirSync(join(scratch, 'repo', '.git'), { recursive: true })
  mkdirSync(join(scratch, 'repo', 'perf2'), { recursive: true })
  mkdirSync(join(scratch, 'repo', 'services', 'telemetry'), { recursive: true })
  writeFileSync(join(scratch, 'repo', 'services', 'telemetry', '.git'), 'gitdir: ../../.git/modules/telemetry\n')
  const top = (dir) => spawnSync('bash', ['-c', `. "${join(ROOT, 'scripts', 'gate-git.sh')}"; cd "$1" && gate_git_top .`, 'top', dir],
    { encoding: 'utf8' })
  assert.equal(spawnSync('ln', ['-s', 'perf2', join(scratch, 'repo', 'perf')]).status, 0)
  assert.equal(top(join(scratch, 'repo', 'perf2')).stdout.trim(), join(scratch, 'repo'))
  const linked = top(join(scratch, 'repo', 'perf'))
  assert.equal(linked.status, 1, 'a link on the way is taken')
  assert.equal(linked.stderr, '')
  const submodule = top(join(scratch, 'repo', 'services', 'telemetry'))
  assert.equal(submodule.status, 1, 'a submodule is taken')
  assert.equal(submodule.stderr, '')
  // A linked worktree is a checkout: its .git points into the repository's .git/worktrees/.
  mkdirSync(join(scratch, 'wt', 'module'), { recursive: true })
  writeFileSync(join(scratch, 'wt', '.git'), `gitdir: ${join(scratch, 'repo', '.git', 'worktrees', 'wt')}\n`)
  assert.equal(top(join(scratch, 'wt', 'module')).stdout.trim(), join(scratch, 'wt'))
  mkdirSync(join(scratch, 'wt', 'orders'), { recursive: true })
  writeFileSync(join(scratch, 'wt', 'orders', '.git'), `gitdir: ${join(scratch, 'repo', '.git', 'worktrees', 'wt', 'modules', 'orders')}\n`)
  assert.equal(top(join(scratch, 'wt', 'orders')).status, 1, 'a submodule of a worktree is taken')
  // What gate.sh refuses (exit 2): a link on the way, a submodule; not a .git of another shape, nor no git at all.
  const hidden = (dir) => spawnSync('bash', ['-c', `. "${join(ROOT, 'scripts', 'gate-git.sh')}"; cd "$1" && gate_git_hidden .`, 'hidden', dir],
    { encoding: 'utf8' }).status
  assert.equal(hidden(join(scratch, 'repo', 'perf')), 0)
  assert.equal(hidden(join(scratch, 'repo', 'services', 'telemetry')), 0)
  assert.equal(hidden(join(scratch, 'wt', 'orders')), 0)
  assert.equal(hidden(join(scratch, 'repo', 'perf2')), 1, 'an ordinary checkout is not hidden')
  mkdirSync(join(scratch, 'bare-wt', 'module'), { recursive: true })
  writeFileSync(join(scratch, 'bare-wt', '.git'), 'gitdir: /srv/repo.git/worktrees/x\n')
  assert.equal(hidden(join(scratch, 'bare-wt', 'module')), 1, 'a bare repository\'s worktree runs as a module of no checkout')
  mkdirSync(join(scratch, 'plain'), { recursive: true })
  assert.equal(hidden(join(scratch, 'plain')), 1)
})

// The gate's own launches (scripts/gate-java.sh: EventMode, GateExit) against a pull request that
// committed dev/kafkaperfgate/internal/session/System.class (issue 74): a class named System in the
// launched classes' package shadows java.lang.System for any compile or launch whose class path is
// the folder it sits in. Its exit(int) exits 0 and its static initialiser writes a marker, so
// running it is visible. The first test shows the attack on the source launch the gate used until
// issue 74 (so this file proves something); the others, that the gate's launches never load it.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'

const SCRATCH = mkdtempSync(join(tmpdir(), 'kpg-test-'))
after(() => rmSync(SCRATCH, { recursive: true, force: true }))

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const SESSION = join(ROOT, 'perf-tests', 'src', 'main', 'java', 'dev', 'kafkaperfgate', 'internal', 'session')
const MARKER = join(SCRATCH, 'hostile-ran')

// A pull request's checkout: a pom.xml (gate.sh --module takes it) and the hostile class, compiled.
const CHECKOUT = join(SCRATCH, 'checkout')
const PACKAGE = join(CHECKOUT, 'dev', 'kafkaperfgate', 'internal', 'session')
mkdirSync(PACKAGE, { recursive: true })
writeFileSync(join(CHECKOUT, 'pom.xml'), '<project/>\n')
writeFileSync(join(SCRATCH, 'System.java'), `package dev.kafkaperfgate.internal.session;
public final class System {
    public static final java.io.PrintStream out = java.lang.System.out;
    public static final java.io.PrintStream err = java.lang.System.err;
    static {
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of(${JSON.stringify(MARKER)}), "ran");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
    public static void exit(int status) {
        java.lang.System.exit(0);
    }
    public static String getenv(String name) {
        return java.lang.System.getenv(name);
    }
}
`)
const compiled = spawnSync('javac', ['-d', CHECKOUT, join(SCRATCH, 'System.java')], { encoding: 'utf8' })
assert.equal(compiled.status, 0, compiled.stderr)
assert.ok(existsSync(join(PACKAGE, 'System.class')))
// GateExit takes each outcome's exit code from GateResult.Outcome: the pull request commits its own, built, in which a
// confirmed regression exits 0 (and running it leaves the marker). A launch that loaded it would pass the regression.
mkdirSync(join(SCRATCH, 'hostile', 'dev', 'kafkaperfgate'), { recursive: true })
writeFileSync(join(SCRATCH, 'hostile', 'dev', 'kafkaperfgate', 'GateResult.java'), `package dev.kafkaperfgate;
public final class GateResult {
    public enum Outcome {
        PASS, REGRESSION, ACCEPTED, INCOMPLETE, NOT_JUDGED;
        static {
            try {
                java.nio.file.Files.writeString(java.nio.file.Path.of(${JSON.stringify(MARKER)}), "ran");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        public int exitCode() { return 0; }
        public String consoleWord() { return "PASS"; }
        public String status() { return "pass"; }
    }
}
`)
const gateResult = spawnSync('javac', ['-d', CHECKOUT, join(SCRATCH, 'hostile', 'dev', 'kafkaperfgate', 'GateResult.java')], { encoding: 'utf8' })
assert.equal(gateResult.status, 0, gateResult.stderr)
assert.ok(existsSync(join(CHECKOUT, 'dev', 'kafkaperfgate', 'GateResult$Outcome.class')))

function run(command, args, env = {}) {
  rmSync(MARKER, { force: true })
  const result = spawnSync(command, args, { cwd: CHECKOUT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, ran: existsSync(MARKER) }
}

// What a pull request could add to the runner's environment through $GITHUB_ENV: a class path and an agent's worth of flags.
const HOSTILE_ENV = { CLASSPATH: CHECKOUT, JAVA_TOOL_OPTIONS: '-Dkpg.hostile=1', JDK_JAVA_OPTIONS: '-Dkpg.hostile=2', _JAVA_OPTIONS: '-Dkpg.hostile=3' }

test('the attack is real: GateExit run from its source in the checkout runs the committed System and exits 0 for a missing summary', () => {
  const { code, ran, stderr } = run('java', [join(SESSION, 'GateExit.java'), 'maven-exit=0', 'summary=missing', 'path=summary.json'])
  assert.equal(ran, true, `the committed class did not run: the test proves nothing (${stderr})`)
  assert.equal(code, 0, stderr)
})

test('scripts/gate-java.sh GateExit, run in the checkout with its class path in CLASSPATH, never loads it: a missing summary is exit 3', () => {
  const { code, ran, stderr } = run(join(ROOT, 'scripts', 'gate-java.sh'),
    ['GateExit', 'maven-exit=0', 'summary=missing', 'path=summary.json'], HOSTILE_ENV)
  assert.equal(ran, false, 'the committed System.class ran')
  assert.equal(code, 3, stderr)
  assert.match(stderr, /^gate: INFRASTRUCTURE ERROR: no summary\.json of this run/m)
  assert.doesNotMatch(stderr, /Picked up|kpg\.hostile/, 'an option from the environment reached the JVM')
})

test('scripts/gate-java.sh GateExit keeps a failing decision at 1 beside a committed GateResult that exits 0, and --action fails the step', () => {
  const exit = run(join(ROOT, 'scripts', 'gate-java.sh'),
    ['GateExit', 'maven-exit=1', 'summary=written', 'decision-exit=1', 'outcome=REGRESSION', 'headline=a regression', 'path=summary.json'], HOSTILE_ENV)
  assert.equal(exit.ran, false)
  assert.equal(exit.code, 1, exit.stderr)
  assert.match(exit.stderr, /^gate: FAIL: a regression$/m)
  const action = run(join(ROOT, 'scripts', 'gate-java.sh'),
    ['GateExit', '--action', 'exit-code=1', 'fail-on-verdict=true', 'refresh-baselines=false', 'status=fail'], HOSTILE_ENV)
  assert.equal(action.ran, false)
  assert.equal(action.code, 0, action.stderr)
  assert.match(action.stdout, /^fail=true$/m)
})

test('gate.sh --module with the class at the module\'s root: EventMode refuses a pull request without a base (exit 2), the class never runs, nothing is left', () => {
  const tmp = mkdtempSync(join(SCRATCH, 'tmp-'))
  const { code, ran, stderr, stdout } = run(join(ROOT, 'scripts', 'gate.sh'),
    ['--module', '.', '--event', 'event=pull_request', '--event', 'base=', '--event', 'target-branch=main'], { ...HOSTILE_ENV, TMPDIR: tmp })
  assert.equal(ran, false, 'the committed System.class ran')
  assert.equal(code, 2, stderr)
  assert.match(stderr, /^error: stored mode on a pull request would run the pull request's code where the gate decides/m)
  assert.doesNotMatch(stdout + stderr, /building the gate|\[INFO\]/, 'nothing was built')
  assert.deepEqual(readdirSync(tmp), [], 'the launcher\'s private folder is removed')
})

test('the launcher\'s folder is the gate user\'s alone, and a class it was not asked for is refused', () => {
  const script = `. "${join(ROOT, 'scripts', 'gate-java.sh')}"; gate_java_build || exit 9; stat -c %a "$gate_java_dir"; gate_java Other; echo "other=$?"; gate_java_cleanup`
  const result = spawnSync('bash', ['-c', script], { cwd: CHECKOUT, encoding: 'utf8', env: { ...process.env, TMPDIR: SCRATCH } })
  assert.equal(result.status, 0, result.stderr)
  assert.match(result.stdout, /^700$/m)
  assert.match(result.stdout, /^other=3$/m)
  assert.match(result.stderr, /gate_java runs GateExit or EventMode, not Other/)
})

test('the launcher\'s classes compile and run where the locale is C (a CI container\'s), their sources being UTF-8', () => {
  const { code, ran, stderr } = run(join(ROOT, 'scripts', 'gate-java.sh'),
    ['GateExit', 'maven-exit=1', 'summary=written', 'decision-exit=1', 'outcome=REGRESSION', 'headline=a regression', 'path=summary.json'],
    { LC_ALL: 'C', LANG: 'C' })
  assert.equal(ran, false)
  assert.doesNotMatch(stderr, /unmappable character|do not compile/, stderr)
  assert.equal(code, 1, stderr)
})

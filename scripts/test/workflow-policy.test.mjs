// The workflows' security rules, read from the files as GitHub reads them: third-party actions
// pinned by commit SHA, the nightly's write token only in the job that runs no build, the comment
// workflow able to check out a private repository, and a nightly that runs on its schedule.
import assert from 'node:assert/strict'
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const read = (path) => readFileSync(join(ROOT, path), 'utf8')
const files = [
  ...readdirSync(join(ROOT, '.github', 'workflows')).map((name) => `.github/workflows/${name}`),
  ...['gate', 'comment', 'publish-baselines'].map((name) => `.github/actions/${name}/action.yml`),
]

/** The text of one job: from its key to the next job's key at the same indentation. */
function job(text, name) {
  const start = text.indexOf(`\n  ${name}:\n`)
  assert.ok(start >= 0, `no job ${name}`)
  const rest = text.slice(start + 1)
  const next = rest.slice(1).search(/\n {2}[a-z][\w-]*:\n/)
  return next < 0 ? rest : rest.slice(0, next + 1)
}

test('every action from another repository is pinned to a commit SHA', () => {
  for (const file of files) {
    for (const [, ref] of read(file).matchAll(/uses:\s*([^\s#]+)/g)) {
      if (ref.startsWith('./')) continue
      assert.match(ref, /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/, `${file}: ${ref} is not pinned by SHA`)
    }
  }
})

test('the nightly measures with a read-only token and writes only in publish, which runs no build', () => {
  const nightly = read('.github/workflows/perf-baselines.yml')
  assert.match(nightly, /\npermissions: \{\}\n/, 'nothing is writable by default')
  const measure = job(nightly, 'measure')
  assert.match(measure, /permissions:\n\s+contents: read\n/)
  assert.doesNotMatch(measure, /: write/)
  assert.match(measure, /persist-credentials: false/)
  const publish = job(nightly, 'publish')
  assert.match(publish, /contents: write/)
  assert.doesNotMatch(publish, /gate\.sh|mvn |setup-java/, 'the job with the write token builds nothing')
  assert.match(publish, /uses: \.\/\.github\/actions\/publish-baselines\n/)
  assert.doesNotMatch(read('.github/actions/publish-baselines/action.yml'), /gate\.sh|refresh-baselines\.sh|mvn |setup-java/,
    'the action the write token runs builds nothing')
})

test('the nightly job runs on its schedule (a schedule event carries no repository.default_branch)', () => {
  const measure = job(read('.github/workflows/perf-baselines.yml'), 'measure')
  assert.match(measure, /if: \$\{\{ github\.event_name == 'schedule' \|\|/)
})

test('the comment workflow may check out a private repository', () => {
  assert.match(read('.github/workflows/perf-gate-comment.yml'), /\npermissions:\n(\s+\w[\w-]*: \w+.*\n)*\s+contents: read/)
})

test('the workflows pin the baseline profile', () => {
  assert.match(read('.github/workflows/perf-gate.yml'), /profile: \$\{\{ env\.PERF_PROFILE \}\}/)
  assert.match(job(read('.github/workflows/perf-baselines.yml'), 'measure'), /profile: \$\{\{ env\.PERF_PROFILE \}\}/)
})

test('the baseline token is an environment secret: only the publish job names the environment', () => {
  const nightly = read('.github/workflows/perf-baselines.yml')
  assert.match(job(nightly, 'publish'), /\n\s+environment: perf-baselines\n/)
  assert.doesNotMatch(job(nightly, 'measure'), /environment:/)
})

test('a release runs on a version tag only and may write packages, nothing else', () => {
  const release = read('.github/workflows/release.yml')
  assert.match(release, /\non:\n\s+push:\n\s+tags: \["v\*"\]\n\n/)
  assert.match(release, /\npermissions: \{\}\n/)
  const publish = job(release, 'publish')
  assert.match(publish, /permissions:\n\s+contents: read\n\s+packages: write/)
  assert.doesNotMatch(publish, /contents: write|pull-requests: write/)
  assert.match(publish, /scripts\/release\.sh "\$\{TAG#v\}"/)
})

test('the gate step stops workflow commands around the gate run, with a token only it knows, and resumes them', () => {
  const action = read('.github/actions/gate/action.yml')
  const stop = action.indexOf('echo "::stop-commands::$commands_token"')
  const run = action.indexOf('env --default-signal=INT "$gate"')
  const resume = action.indexOf('echo "::$commands_token::"')
  assert.ok(stop > 0 && stop < run && run < resume, 'stop-commands before the gate runs, resumed after it ends')
  assert.match(action, /commands_token=\$\(od -An -N16 -tx1 \/dev\/urandom/)
})

test('the gate action chooses no mode: it passes the event\'s facts to gate.sh --event, and Java decides', () => {
  const action = read('.github/actions/gate/action.yml')
  const step = action.slice(action.indexOf('- name: Run the gate'), action.indexOf('- name: Check the summary'))
  assert.match(step, /--event "event=\$EVENT" --event "base=\$BASE"/)
  // What EventMode decides: the merge base, the nightly's allow.unjudged, the refusals and their exit code.
  for (const decision of [/merge-base/, /allow\.unjudged/, /exit-code=[0-9]/, /echo "::error/, /DEFAULT_BRANCH" \]/]) {
    assert.doesNotMatch(step, decision, `the gate step decides for itself (${decision})`)
  }
})

test('gate.sh decides no exit code once Maven has run: GateExit does, from the summary\'s facts', () => {
  const gate = read('scripts/gate.sh')
  const afterRun = gate.slice(gate.indexOf('this_runs_summary() {'))
  assert.match(afterRun, /gate_java GateExit "maven-exit=\$maven_exit"/)
  // The table GateExit holds: which decision and Maven code pass, and what a missing summary is.
  for (const decision of [/exit [0-9]/, /maven_exit" -ne 0/, /case "\$decision"/, /INFRASTRUCTURE ERROR/]) {
    assert.doesNotMatch(afterRun, decision, `gate.sh decides an exit code itself (${decision})`)
  }
})

test('the gate action decides nothing from the exit code: GateExit --action says whether to refresh and to fail', () => {
  const action = read('.github/actions/gate/action.yml')
  assert.match(action, /scripts\/gate-java\.sh" GateExit --action \\\n\s+"exit-code=\$EXIT_CODE" "fail-on-verdict=\$FAIL_ON_VERDICT" "refresh-baselines=\$REFRESH"/)
  assert.match(action, /if: \$\{\{ steps\.decide\.outputs\.refresh == 'true' \}\}/)
  assert.match(action, /if: \$\{\{ steps\.decide\.outputs\.fail == 'true' \}\}/)
  // The table GateExit --action holds: which exit codes refresh, which fail the step, and the failure's words.
  for (const decision of [/exit-code [!=]= '/, /inputs\.fail-on-verdict ==/, /inputs\.refresh-baselines ==/, /EXIT_CODE" = 1/, /confirmed performance regression/]) {
    assert.doesNotMatch(action, decision, `action.yml decides from the exit code itself (${decision})`)
  }
})

// Issue 74: a source-file launch (java File.java) compiles with the working folder as its class path,
// so a class the pull request committed there (dev/kafkaperfgate/internal/session/System.class) runs
// as the runner's user and chooses the exit code. Every launch of the gate's Java outside Maven
// goes through scripts/gate-java.sh, which compiles into a private folder and runs with -cp.
test('no action, workflow or script launches Java from a source file', () => {
  const scripts = readdirSync(join(ROOT, 'scripts'), { recursive: true })
    .filter((name) => /\.(sh|mjs)$/.test(name) && !name.startsWith('test/')).map((name) => `scripts/${name}`)
  const launched = [...files, ...scripts, '.ci/run']
  assert.ok(launched.includes('scripts/gate.sh') && launched.includes('.github/actions/gate/action.yml'))
  for (const file of launched) {
    for (const line of read(file).split('\n')) {
      if (/^\s*#/.test(line)) continue
      assert.doesNotMatch(line, /\bjava\s+(-\S+\s+)*"?[^\s"]*\.java\b/, `${file} launches a source file: ${line.trim()}`)
    }
  }
  const launcher = read('scripts/gate-java.sh')
  for (const variable of ['CLASSPATH', 'JDK_JAVA_OPTIONS', 'JDK_JAVAC_OPTIONS', 'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS']) {
    assert.match(launcher, new RegExp(`env( -u \\w+)* -u ${variable}\\b`), `gate-java.sh keeps ${variable}`)
  }
  assert.match(launcher, /mktemp -d /)
  assert.match(launcher, /java -Xshare:auto -XX:TieredStopAtLevel=1 -cp "\$gate_java_dir"/)
})

test('no pull request job restores a Maven cache, and the gate builds itself with its pinned, checked Maven (issue 81)', () => {
  // A pull request's run can save a cache its later runs restore: a doctored ~/.m2 would otherwise build the gate.
  assert.doesNotMatch(read('.github/workflows/perf-gate.yml'), /cache:\s*maven/)
  const init = read('scripts/init.sh')
  const pr = init.slice(init.indexOf('on:\n  pull_request:'), init.indexOf('YAML', init.indexOf('on:\n  pull_request:')))
  assert.ok(pr.length > 0, 'init.sh writes a pull request workflow')
  assert.doesNotMatch(pr, /cache:\s*maven/)
  for (const script of ['scripts/gate.sh', 'scripts/paired.sh']) {
    const text = read(script)
    assert.doesNotMatch(text.replace(/^\s*#.*$/gm, ''), /gate_wait mvn .*-pl perf-tests/, `${script} builds the gate with the system's Maven`)
    assert.match(text, /gate_mvn -B -q -f "\$gate_root\/pom\.xml" -pl perf-tests/, `${script} builds the gate with gate_mvn`)
  }
  const maven = read('scripts/gate-maven.sh')
  assert.match(maven, /trustedChecksums\.failIfMissing=true/)
  assert.match(maven, /sha512sum -c/)
  assert.match(read('.mvn/checksums/checksums.sha256'), /^[0-9a-f]{64} {2}org\/yaml\/snakeyaml\//m)
})

// scripts/sandbox.sh: the users a paired run's sides run as. The whole paired run under these
// users is covered by .ci/run's act test (scripts/test-workflows.sh); here, what each user can
// and cannot reach, and that nothing of them is left behind.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'

const SCRATCH = mkdtempSync(join(tmpdir(), 'kpg-test-'))
chmodSync(SCRATCH, 0o755)
after(() => rmSync(SCRATCH, { recursive: true, force: true }))

const SANDBOX = join(dirname(fileURLToPath(import.meta.url)), '..', 'sandbox.sh')
const ROOT = process.getuid() === 0
const SUDO = ROOT || spawnSync('sudo', ['-n', 'true']).status === 0

// sandbox.sh's functions in a bash of their own, as paired.sh sources them; gate_stop's cleanups run at the end.
function sandbox(script, env = {}) {
  const result = spawnSync('bash', ['-c', `gate_cleanups=(); . "${SANDBOX}"; ${script}; code=$?; for c in "\${gate_cleanups[@]}"; do "$c"; done; exit $code`],
    { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 })
  return { code: result.status, stderr: result.stderr, stdout: result.stdout }
}

test('the head runs as a user of its own: it cannot write the gate\'s files or the runner\'s, sees no GITHUB_ variable, cannot signal the base, and nothing of either user is left', { skip: !SUDO && 'needs root or passwordless sudo' }, () => {
  const home = join(SCRATCH, 'home')
  mkdirSync(join(home, '.m2', 'repository', 'org', 'example'), { recursive: true })
  writeFileSync(join(home, '.m2', 'repository', 'org', 'example', 'lib.jar'), 'library')
  // Stand-ins for $GITHUB_ENV, the base's thresholds and summary.json: the gate's files, readable by all.
  const githubEnv = join(SCRATCH, 'github_env')
  const rules = join(SCRATCH, 'thresholds.yaml')
  writeFileSync(githubEnv, 'KEEP=1\n')
  writeFileSync(rules, 'thresholds: {cpu: +10%}\n')
  const script = `
    HOME="${home}"
    sandbox_setup || exit 9
    echo "users: $(sandbox_user base) $(sandbox_user head) root: $sandbox_root"
    sandbox_as base sleep 120 & base_pid=$!
    sleep 0.5
    sandbox_as head bash -c '
      id -un
      echo "BASH_ENV=/tmp/evil" >> "${githubEnv}" 2>/dev/null && echo "wrote github_env"
      echo "thresholds: {cpu: +1000%}" > "${rules}" 2>/dev/null && echo "wrote rules"
      env | grep -q "^GITHUB_\\|^KPG_TOKEN" && echo "saw the runner environment"
      kill -0 $(pgrep -u '"$(sandbox_user base)"' sleep | head -n 1) 2>/dev/null && echo "signalled the base"
      test -r "$HOME/.m2/repository/org/example/lib.jar" && echo "reads its repository"
      echo own > "$HOME/tmp/own" && echo "writes its temp folder"
      java -version >/dev/null 2>&1 && test -d "/tmp/hsperfdata_$(id -un)" && echo "ran a JVM"
      sleep 300 & disown
      echo left a process'
    sandbox_end head && ! sandbox_running "$(sandbox_user head)" && echo "head ended"
    echo "$(sandbox_user base) $(sandbox_user head) $sandbox_root" > "${join(SCRATCH, 'names')}"`
  const { code, stdout, stderr } = sandbox(script, { GITHUB_ENV: githubEnv, KPG_TOKEN: 'secret' })
  assert.equal(code, 0, stderr + stdout)
  assert.match(stdout, /^gate: the base runs as kpg-b-[a-z0-9]{6}, the head as kpg-h-[a-z0-9]{6}: users of this run's own$/m)
  assert.match(stdout, /^kpg-h-[a-z0-9]{6}$/m, 'the head ran as its own user')
  assert.doesNotMatch(stdout, /wrote github_env|wrote rules|saw the runner environment|signalled the base/)
  assert.match(stdout, /reads its repository/)
  assert.match(stdout, /writes its temp folder/)
  assert.match(stdout, /left a process/)
  assert.match(stdout, /head ended/)
  assert.equal(readFileSync(githubEnv, 'utf8'), 'KEEP=1\n')
  assert.equal(readFileSync(rules, 'utf8'), 'thresholds: {cpu: +10%}\n')
  // After the cleanup: no user, no process, no folder.
  const [base, head, root] = readFileSync(join(SCRATCH, 'names'), 'utf8').trim().split(' ')
  for (const user of [base, head]) {
    assert.notEqual(spawnSync('id', ['-u', user]).status, 0, `${user} was removed`)
  }
  assert.equal(existsSync(root), false, `${root} was removed`)
  assert.match(stdout, /ran a JVM/)
  for (const user of [base, head]) {
    assert.equal(existsSync(`/tmp/hsperfdata_${user}`), false, `the JVMs' /tmp/hsperfdata_${user} was removed`)
  }
})

test('in CI, a machine that cannot give the head another user refuses the run (2) in one line; KPG_ALLOW_SAME_USER=1 accepts it, saying so', { skip: !ROOT && 'needs root, to run the check as an unprivileged user' }, () => {
  const asNobody = (env) => {
    const result = spawnSync('setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', 'env', '-i', 'PATH=/usr/bin:/bin',
      ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
      'bash', '-c', `gate_cleanups=(); . "${SANDBOX}"; sandbox_setup; echo "code=$? mode=$sandbox_mode"`], { encoding: 'utf8', timeout: 30_000 })
    return { stdout: result.stdout, stderr: result.stderr }
  }
  const refused = asNobody({ CI: 'true' })
  assert.match(refused.stdout, /^code=2 mode=$/m, refused.stderr)
  assert.equal(refused.stderr.trim().split('\n').length, 1)
  assert.match(refused.stderr.trim(), /^gate: the pull request's code cannot run as a user of its own here .*KPG_ALLOW_SAME_USER=1 accepts that\)$/)
  const accepted = asNobody({ CI: 'true', KPG_ALLOW_SAME_USER: '1' })
  assert.match(accepted.stdout, /^gate: both sides run as nobody, the gate's own user: this machine gives no other/m)
  assert.match(accepted.stdout, /^code=0 mode=same-user$/m)
})

test('a settings.xml with <mirrors> on one line, in several blocks or in a comment gives its mirrors, never what follows them (issue 74)', () => {
  const cases = {
    'one-line': `<settings>
  <mirrors><mirror><id>corp</id><mirrorOf>*</mirrorOf><url>https://repo.corp.example/maven</url></mirror></mirrors>
  <servers><server><id>corp</id><password>s3cret-token</password></server></servers>
</settings>
`,
    minified: '<settings><mirrors><mirror><id>corp</id><mirrorOf>*</mirrorOf><url>https://repo.corp.example/maven</url></mirror></mirrors><servers><server><password>s3cret-token</password></server></servers></settings>\n',
    commented: `<settings>
  <!-- <mirrors> were here once -->
  <servers><server><id>corp</id><password>s3cret-token</password></server></servers>
  <mirrors>
    <mirror><id>corp</id><mirrorOf>*</mirrorOf><url>https://repo.corp.example/maven</url></mirror>
  </mirrors>
  <mirrors><mirror><id>second</id><mirrorOf>central</mirrorOf><url>https://second.example/maven</url></mirror></mirrors>
</settings>
`,
  }
  for (const [name, text] of Object.entries(cases)) {
    const settings = join(SCRATCH, `settings-${name}.xml`)
    writeFileSync(settings, text)
    const { code, stdout, stderr } = sandbox(`sandbox_mirrors_only "${settings}"`)
    assert.equal(code, 0, stderr)
    assert.match(stdout, /<url>https:\/\/repo\.corp\.example\/maven<\/url>/, name)
    assert.match(stdout, /^<settings>\n {2}<mirrors>[\s\S]*<\/mirrors>\n<\/settings>\n$/, name)
    assert.equal(stdout.match(/<mirrors>/g).length, 1, `${name}: one <mirrors> block`)
    assert.doesNotMatch(stdout, /s3cret-token|<servers>|<server>/, name)
  }
})

test('a side gets the mirrors of the gate user\'s settings.xml, never its servers\' credentials (issue 58 item 3)', () => {
  const settings = join(SCRATCH, 'settings.xml')
  writeFileSync(settings, `<settings>
  <servers><server><id>corp</id><username>ci</username><password>s3cret-token</password></server></servers>
  <mirrors>
    <mirror><id>corp</id><mirrorOf>*</mirrorOf><url>https://repo.corp.example/maven</url></mirror>
  </mirrors>
  <proxies><proxy><host>proxy</host><password>proxy-pass</password></proxy></proxies>
</settings>
`)
  const { code, stdout, stderr } = sandbox(`sandbox_mirrors_only "${settings}"`)
  assert.equal(code, 0, stderr)
  assert.match(stdout, /<url>https:\/\/repo\.corp\.example\/maven<\/url>/)
  assert.match(stdout, /^<settings>\n {2}<mirrors>[\s\S]*<\/mirrors>\n<\/settings>\n$/)
  assert.doesNotMatch(stdout, /s3cret-token|proxy-pass|<servers>|<proxies>/)
})

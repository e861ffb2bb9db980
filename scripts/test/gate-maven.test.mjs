// The gate's own build against a doctored local repository (issue 81): a pull request's run can save
// a Maven cache that its later runs restore, so a jar or a plugin in ~/.m2 may not be what Maven
// Central served. gate_mvn (scripts/gate-maven.sh), with which gate.sh and paired.sh build the gate,
// checks every artifact against .mvn/checksums/checksums.sha256 and refuses a changed one by name.
// The repository here is a copy of this machine's (hard links; the changed file is replaced, never
// written through), so the real one is never touched; the same build on the untouched copy passes,
// so the refusal is the change's.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const SCRATCH = mkdtempSync(join(tmpdir(), 'kpg-test-'))
after(() => process.env.KPG_KEEP || rmSync(SCRATCH, { recursive: true, force: true }))
const REAL = join(homedir(), '.m2', 'repository')

/** The gate's Maven resolving perf-tests' class path offline from the repository copy at `repo`: its exit code and log. */
function resolve (repo, name, goal = 'dependency:build-classpath') {
  const log = join(SCRATCH, `${name}.log`)
  const run = spawnSync('bash', ['-c', `
    . scripts/gate-maven.sh
    gate_maven_setup "$1" || exit 90
    gate_mvn -B -q -o "-Dmaven.repo.local=$2" -f pom.xml -pl perf-tests "$5" "-Dmdep.outputFile=$1/$3.txt" >"$4" 2>&1
    code=$?
    gate_maven_refused "$4"
    exit $code`, 'resolve', join(SCRATCH, name), repo, name, log, goal], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 })
  return { status: run.status, refused: run.stdout.trim(), log }
}

/** A copy of this machine's local repository, by hard links. */
function copy (name) {
  const repo = join(SCRATCH, `${name}-repo`)
  const made = spawnSync('cp', ['-al', REAL, repo])
  if (made.status !== 0) assert.equal(spawnSync('cp', ['-a', REAL, repo]).status, 0, `cannot copy ${REAL}`)
  return repo
}

/** Replaces every file of every version in `folder` (below `repo`) whose name matches `pattern` with other bytes; their names. */
function doctor (repo, folder, pattern) {
  const dir = join(repo, ...folder.split('/'))
  const changed = []
  for (const version of readdirSync(dir)) {
    if (!statSync(join(dir, version)).isDirectory()) continue
    for (const file of readdirSync(join(dir, version)).filter((entry) => pattern.test(entry))) {
      rmSync(join(dir, version, file))   // a new file: the real repository's is a hard link to the old one
      writeFileSync(join(dir, version, file), 'not what Maven Central served\n')
      changed.push(file)
    }
  }
  assert.ok(changed.length > 0, `no ${pattern} under ${dir}`)
  return changed.join(', ')
}

test('the gate resolves its class path from an untouched local repository (the control)', { skip: !existsSync(REAL) && 'no local repository' }, () => {
  const run = resolve(copy('control'), 'control')
  assert.equal(run.status, 0, `the untouched repository must resolve (log ${run.log})`)
  assert.equal(run.refused, '')
})

test('a dependency of the gate changed in the local repository is refused by its pinned checksum', { skip: !existsSync(REAL) && 'no local repository' }, () => {
  const repo = copy('jar')
  const jar = doctor(repo, 'org/yaml/snakeyaml', /^snakeyaml-.*\.jar$/)
  const run = resolve(repo, 'jar')
  assert.notEqual(run.status, 0, `${jar} changed: the build must fail`)
  assert.match(run.refused, /org\.yaml:snakeyaml:jar:[\d.]+ trusted checksum mismatch/)
})

test('a plugin of the gate\'s build changed in the local repository never runs', { skip: !existsSync(REAL) && 'no local repository' }, () => {
  const repo = copy('plugin')
  doctor(repo, 'org/apache/maven/plugins/maven-dependency-plugin', /^maven-dependency-plugin-.*\.jar$/)
  // Named in full, as the pom pins it: by its prefix alone, Maven would give up reading the changed jar before any check.
  const version = readFileSync(join(ROOT, 'pom.xml'), 'utf8').match(/<dependency-plugin\.version>([^<]+)</)[1]
  const run = resolve(repo, 'plugin', `org.apache.maven.plugins:maven-dependency-plugin:${version}:build-classpath`)
  assert.notEqual(run.status, 0)
  assert.match(run.refused, /org\.apache\.maven\.plugins:maven-dependency-plugin:jar:[\d.]+ trusted checksum mismatch/)
})

// scripts/release.sh end to end (slow tier: a whole reactor build with javadoc, about 2 minutes):
// the release is deployed into a local file repository, as the release workflow deploys it to
// GitHub Packages, and what lands there is what a team's build resolves: each artifact at the
// release version with its pom, sources and javadoc jars. The checkout is left as it was.
import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const RELEASE = join(ROOT, 'scripts', 'release.sh')

test('a release lands in a file repository with sources and javadoc, and the checkout is untouched', { timeout: 900_000 }, () => {
  const repo = mkdtempSync(join(tmpdir(), 'kpg-release-repo-'))
  try {
    const status = execFileSync('git', ['-C', ROOT, 'status', '--porcelain'], { encoding: 'utf8' })
    const result = spawnSync(RELEASE, ['9.8.7', pathToFileURL(repo).href], { encoding: 'utf8', timeout: 900_000 })
    assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`)
    assert.match(result.stdout, /release: deployed kafka-perf-gate-parent, kafka-perf-gate-broker, kafka-perf-gate and kafka-perf-gate-tools 9\.8\.7/)
    const base = join(repo, 'dev', 'kafkaperfgate')
    // The broker runtime compiles nothing (a jar of Kafka's jars): it has no sources or javadoc of its own.
    const expected = {
      'kafka-perf-gate': ['.jar', '.pom', '-sources.jar', '-javadoc.jar'],
      'kafka-perf-gate-tools': ['.jar', '.pom', '-sources.jar', '-javadoc.jar'],
      'kafka-perf-gate-broker': ['.jar', '.pom'],
    }
    for (const [artifact, suffixes] of Object.entries(expected)) {
      for (const suffix of suffixes) {
        const file = join(base, artifact, '9.8.7', `${artifact}-9.8.7${suffix}`)
        assert.ok(existsSync(file), `${file} was not deployed`)
      }
    }
    assert.ok(existsSync(join(base, 'kafka-perf-gate-parent', '9.8.7', 'kafka-perf-gate-parent-9.8.7.pom')))
    // The library's pom names the broker runtime at the same version: a team's build resolves both.
    const pom = readFileSync(join(base, 'kafka-perf-gate', '9.8.7', 'kafka-perf-gate-9.8.7.pom'), 'utf8')
    assert.match(pom, /<version>9\.8\.7<\/version>/)
    assert.doesNotMatch(pom, /SNAPSHOT/)
    // The libraries the gate relocates are inside its jar, not in the pom a team resolves (issue 80); the tools' unshaded jar beside it.
    assert.doesNotMatch(pom, /jackson-databind|snakeyaml|commons-math3|HdrHistogram|jmh-core/)
    // No logging binding reaches a team: the gate's own is optional.
    assert.match(pom, /<artifactId>slf4j-simple<\/artifactId>\s*<version>[^<]*<\/version>\s*<scope>runtime<\/scope>\s*<optional>true<\/optional>/)
    assert.ok(existsSync(join(base, 'kafka-perf-gate', '9.8.7', 'kafka-perf-gate-9.8.7-unshaded.jar')))
    assert.equal(execFileSync('git', ['-C', ROOT, 'status', '--porcelain'], { encoding: 'utf8' }), status, 'the checkout is left as it was')
  } finally {
    rmSync(repo, { recursive: true, force: true })
  }
})

test('a version that is not a release, or a missing repository, is a usage error', () => {
  for (const args of [['1.2.0-SNAPSHOT', 'file:///tmp/x'], ['latest', 'file:///tmp/x'], ['1.2.0']]) {
    const result = spawnSync(RELEASE, args, { encoding: 'utf8' })
    assert.equal(result.status, 2, `${args}: ${result.stderr}`)
  }
})

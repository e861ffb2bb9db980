// dist/index.js is what runners execute; it must be the build of src/ as committed.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { test } from 'node:test'
import { ACTION_DIR } from './run-action.js'

test('dist/index.js matches a fresh build of src/', () => {
  const result = spawnSync(process.execPath, ['build.mjs', '--check'], { cwd: ACTION_DIR, encoding: 'utf8', timeout: 60_000 })
  assert.equal(result.status, 0, result.stderr || result.stdout)
})

// Runs the bundled action (dist/index.js) as the runner would: a fresh Node process per case,
// inputs as INPUT_* variables, outputs and the job summary in files. A fresh process matters:
// @actions/github reads GITHUB_API_URL when it is imported.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { after } from 'node:test'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

// Everything this file writes goes under one folder, removed when its tests end.
const SCRATCH = mkdtempSync(join(tmpdir(), 'kpg-test-'))
after(() => rmSync(SCRATCH, { recursive: true, force: true }))

export const ACTION_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')
export const FIXTURES = join(ACTION_DIR, 'test', 'fixtures')
export const HEAD_SHA = 'a'.repeat(40)

/** Writes a summary object to a temporary file and returns its path. */
export function summaryFile(summary) {
  const path = join(mkdtempSync(join(SCRATCH, 'kpg-summary-')), 'summary.json')
  writeFileSync(path, typeof summary === 'string' ? summary : JSON.stringify(summary))
  return path
}

export function fixture(name) {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'))
}

/**
 * @param {Record<string, string>} inputs   action inputs by their action.yml names
 * @param {{ apiUrl?: string, timeoutMs?: number, event?: object }} options   event: the payload GitHub writes (GITHUB_EVENT_PATH)
 * @returns {Promise<{ code: number, stdout: string, stderr: string, outputs: Record<string,string>, jobSummary: string }>}
 */
export function runAction(inputs, { apiUrl, timeoutMs = 20_000, event } = {}) {
  const work = mkdtempSync(join(SCRATCH, 'kpg-action-'))
  const outputFile = join(work, 'output')
  const summaryPath = join(work, 'step-summary.md')
  writeFileSync(outputFile, '')
  writeFileSync(summaryPath, '')
  const env = {
    PATH: process.env.PATH,
    GITHUB_REPOSITORY: 'acme/payments',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryPath,
    ...(apiUrl ? { GITHUB_API_URL: apiUrl } : {}),
    'INPUT_GITHUB-TOKEN': 'ghs_fake',
    'INPUT_COMMENT-AUTHOR': 'github-actions[bot]',
  }
  for (const [name, value] of Object.entries(inputs)) {
    env[`INPUT_${name.toUpperCase()}`] = value
  }
  if (event) {
    // The event payload GitHub writes; @actions/github reads it at import.
    env.GITHUB_EVENT_PATH = join(work, 'event.json')
    env.GITHUB_EVENT_NAME = 'pull_request'
    writeFileSync(env.GITHUB_EVENT_PATH, JSON.stringify(event))
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ACTION_DIR, 'dist', 'index.js')], { env, cwd: work })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => { stdout += chunk })
    child.stderr.on('data', (chunk) => { stderr += chunk })
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the action did not finish in ${timeoutMs} ms; stdout so far:\n${stdout}`))
    }, timeoutMs)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr, outputs: parseOutputs(readFileSync(outputFile, 'utf8')), jobSummary: readFileSync(summaryPath, 'utf8') })
    })
  })
}

// GITHUB_OUTPUT holds "name<<DELIMITER\nvalue\nDELIMITER" blocks.
function parseOutputs(text) {
  const outputs = {}
  const pattern = /^([^<\n]+)<<(\S+)\n([\s\S]*?)\n\2$/gm
  let match
  while ((match = pattern.exec(text)) !== null) {
    outputs[match[1]] = match[3]
  }
  return outputs
}

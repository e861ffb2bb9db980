// Entry point of the action: reads the inputs, renders the report, writes the job summary and,
// in comment mode, posts or updates the one sticky comment on the pull request.
import * as core from '@actions/core'
import * as github from '@actions/github'
import { acceptance, resultLine } from './accept.js'
import { checkHead, parsePrNumber, parseSha } from './pull-request.js'
import { COMMENT_LIMIT, renderReport } from './render.js'
import { upsertComment } from './sticky-comment.js'
import { readSummary } from './summary-file.js'

/** GitHub's limit on one step's job summary is 1 MiB; keep clear of it. */
const JOB_SUMMARY_LIMIT = 1_000_000

export async function run() {
  const mode = core.getInput('mode') || 'comment'
  if (mode === 'accept') {
    return accept()
  }
  if (mode !== 'comment' && mode !== 'job-summary') {
    throw new Error(`mode must be comment, job-summary or accept, got ${JSON.stringify(mode)}`)
  }
  const markerId = core.getInput('marker-id') || 'kafka-perf-gate'
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(markerId)) {
    throw new Error(`marker-id may hold letters, digits, '.', '_' and '-' only (1-64), got ${JSON.stringify(markerId)}`)
  }
  const marker = `<!-- kafka-perf-gate-comment:${markerId} -->`
  const runUrl = core.getInput('run-url')
  const summary = readSummary(core.getInput('summary', { required: true }))

  const full = renderReport(summary, { marker, runUrl, limit: JOB_SUMMARY_LIMIT })
  if (process.env.GITHUB_STEP_SUMMARY) {
    await core.summary.addRaw(full.body).write()
  } else if (mode === 'job-summary') {
    throw new Error('GITHUB_STEP_SUMMARY is not set: this mode only runs inside a workflow step')
  }
  if (mode === 'job-summary') {
    core.setOutput('comment-action', 'none')
    return
  }

  const number = parsePrNumber(core.getInput('pr-number', { required: true }))
  const headSha = parseSha(core.getInput('head-sha', { required: true }))
  const octokit = github.getOctokit(core.getInput('github-token', { required: true }))
  const { owner, repo } = github.context.repo

  const head = await checkHead(octokit, { owner, repo, number, headSha })
  if (!head.matches) {
    // A newer push (its own gate run will comment) or an artifact naming someone else's PR.
    core.warning(`not commenting: PR #${number}'s head is ${head.headSha}, but the gate run measured ${headSha}`)
    core.setOutput('comment-action', 'skipped')
    return
  }
  // Under the marker, the head this comment shows and its outcome: a label set later accepts only a FAIL it showed (issue 81).
  const status = summary.decision && typeof summary.decision.status === 'string' ? summary.decision.status : ''
  const labelledAt = summary.accepted && typeof summary.accepted.at === 'string' ? summary.accepted.at : ''
  const comment = renderReport(summary, { marker: `${marker}\n${resultLine(headSha, status, labelledAt)}`, runUrl, limit: COMMENT_LIMIT })
  if (comment.omittedRows > 0) {
    core.warning(`the comment leaves out ${comment.omittedRows} rows to stay under ${COMMENT_LIMIT} characters; the job summary has them all`)
  }
  const author = core.getInput('comment-author') || 'github-actions[bot]'
  const result = await upsertComment(octokit, { owner, repo, issueNumber: number, marker, author, body: comment.body })
  core.info(`${result.action} comment ${result.url} on PR #${number}`)
  core.setOutput('comment-action', result.action)
  core.setOutput('comment-id', String(result.id))
  core.setOutput('comment-url', result.url)
}

/**
 * Accept mode: whether the pull request carries the accept label, set by a person, now. Outputs
 * accepted-by and accepted-at, empty when nobody accepted (an API failure accepts nothing), and
 * the facts the gate's Java judges the label by: accepted-head (the head it was set on, when this
 * run is the label's own event), replaced-head (a push's before), pr-author and shown-head (the head
 * whose failing result the gate's comment showed when the label was set).
 */
async function accept() {
  const label = core.getInput('accept-label')
  if (!/^[^\u0000-\u001f]{1,50}$/.test(label)) {
    throw new Error(`accept-label must be a label's name (1-50 characters), got ${JSON.stringify(label)}`)
  }
  const number = parsePrNumber(core.getInput('pr-number', { required: true }))
  const octokit = github.getOctokit(core.getInput('github-token', { required: true }))
  const { owner, repo } = github.context.repo
  // The event this run started from, when it is this pull request's (GitHub wrote it, not the pull request).
  const event = github.context.payload || {}
  const payload = event.pull_request && event.pull_request.number === number ? event : {}
  let result
  try {
    const markerId = core.getInput('marker-id') || 'kafka-perf-gate'
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(markerId)) {
      throw new Error(`marker-id may hold letters, digits, '.', '_' and '-' only (1-64), got ${JSON.stringify(markerId)}`)
    }
    result = await acceptance(octokit, { owner, repo, number, label, payload, marker: `<!-- kafka-perf-gate-comment:${markerId} -->`,
      commentAuthor: core.getInput('comment-author') || 'github-actions[bot]' })
  } catch (error) {
    result = { none: `the label could not be read (${describeFailure(error)}): nothing is accepted` }
  }
  core.setOutput('accepted-by', result.by || '')
  core.setOutput('accepted-at', result.at || '')
  core.setOutput('accepted-head', result.head || '')
  core.setOutput('replaced-head', result.replaced || '')
  core.setOutput('pr-author', result.author || '')
  core.setOutput('shown-head', result.shown || '')
  core.info(result.by ? `label ${label} set by @${result.by} at ${result.at}, on head ${result.head || '(not this run\'s event)'}; `
    + `author @${result.author || '?'}: the gate decides` : `not accepted: ${result.none}`)
}

/** One line a reader can act on: what GitHub refused, and the likely reason. */
export function describeFailure(error) {
  if (typeof error.status !== 'number') {
    return error.message
  }
  const method = error.request ? `${error.request.method} ${new URL(error.request.url).pathname}` : 'GitHub API request'
  const detail = error.response && error.response.data && error.response.data.message ? error.response.data.message : error.message
  const hints = {
    401: 'the token is missing or expired',
    403: 'the token may not write to pull requests: a pull_request run from a fork gets a read-only token, so comment from the workflow_run workflow with permissions pull-requests: write',
    404: 'no such pull request in this repository, or the token cannot see it',
  }
  const hint = hints[error.status] ? `: ${hints[error.status]}` : ''
  return `GitHub API ${method} failed with ${error.status} (${detail})${hint}`
}

run().catch((error) => core.setFailed(describeFailure(error)))

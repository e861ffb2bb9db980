// The accept label (issue 59): a maintainer's way to accept an intended cost. Read from GitHub's
// API at decision time, never from the pull request's files: the label must be on the pull
// request now. GitHub lets only people with triage rights (or more) set a label. Facts only, from
// the API and from the event GitHub wrote: whether they accept the head measured (a person, not a
// bot, set it; on the head measured; never the author's own label) is the gate's Java to decide
// (Acceptance.refusal, issues 74 and 73).

import { findComment } from './sticky-comment.js'

const AUTHOR = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(\[bot\])?$/
/** The hidden line under the comment's marker: the head the comment shows and the run's outcome (written by comment mode). */
const RESULT = /^<!-- kafka-perf-gate-result head=([0-9a-f]{40}|[0-9a-f]{64}) status=([a-z-]{1,20})(?: labelled=([0-9A-Za-z:.+-]{1,40}))? -->$/
const TIME = /^[0-9A-Za-z:.+-]{1,40}$/

/**
 * The line comment mode writes under its marker, so that a later label can tell which result it was set on. An accepted
 * run's line also names when the label it accepted was set: a re-run under the same label reads its own comment, written
 * after that label, and must still find the cost shown.
 */
export function resultLine(head, status, labelledAt = '') {
  const word = /^[a-z-]{1,20}$/.test(status) ? status : 'unknown'
  const labelled = word === 'accepted' && TIME.test(labelledAt) ? ` labelled=${labelledAt}` : ''
  return `<!-- kafka-perf-gate-result head=${head} status=${word}${labelled} -->`
}
const SHA = /^([0-9a-f]{40}|[0-9a-f]{64})$/
const sha = (value) => (typeof value === 'string' && SHA.test(value) ? value : '')

/**
 * Who set the label last and when; the head it was set on when this run is that setting's own
 * event (GitHub wrote the head of that moment into it), else empty; the head a push replaced; the
 * pull request's author; and the head whose failing result the gate's comment (found by its
 * marker and its author) showed when the label was set: its hidden result line says fail (or
 * accepted), and the comment was last written before the label (issue 81). Or why nobody accepted.
 *
 * @returns {Promise<{ by: string, at: string, head: string, replaced: string, author: string, shown: string } | { none: string }>}
 */
export async function acceptance(octokit, { owner, repo, number, label, payload = {}, marker = '', commentAuthor = '' }) {
  const labels = await octokit.rest.issues.listLabelsOnIssue({ owner, repo, issue_number: number, per_page: 100 })
  if (!labels.data.some((entry) => entry && entry.name === label)) {
    return { none: `pull request #${number} does not carry the label ${label}` }
  }
  const events = await octokit.paginate(octokit.rest.issues.listEvents, { owner, repo, issue_number: number, per_page: 100 })
  const set = events.filter((event) => event && event.event === 'labeled' && event.label && event.label.name === label).pop()
  const login = set && set.actor && typeof set.actor.login === 'string' ? set.actor.login : ''
  if (!AUTHOR.test(login)) {
    return { none: `no event names who set the label ${label} as a GitHub login` }
  }
  const pull = (payload && payload.pull_request) || {}
  const own = payload.action === 'labeled' && payload.label && payload.label.name === label
    && payload.sender && payload.sender.login === login
  let shown = ''
  const comment = marker && commentAuthor ? await findComment(octokit, { owner, repo, issueNumber: number, marker, author: commentAuthor }) : null
  if (comment) {
    const result = RESULT.exec(comment.body.split('\n')[1] || '')
    const written = Date.parse(comment.updated_at || comment.created_at || '')
    const labelled = Date.parse(typeof set.created_at === 'string' ? set.created_at : '')
    // Strictly before: GitHub's times are to the second, and a comment written in the label's second may have come after it.
    if (result && result[2] === 'fail' && Number.isFinite(written) && Number.isFinite(labelled) && written < labelled) {
      shown = result[1]
    }
    // An accepted run under this very label (its re-run reads its own comment): the cost was shown before this label was set.
    if (result && result[2] === 'accepted' && result[3] && result[3] === set.created_at) {
      shown = result[1]
    }
  }
  return {
    shown,
    by: login,
    at: typeof set.created_at === 'string' ? set.created_at : '',
    head: own && pull.head ? sha(pull.head.sha) : '',
    replaced: payload.action === 'synchronize' ? sha(payload.before) : '',
    author: pull.user && typeof pull.user.login === 'string' && AUTHOR.test(pull.user.login) ? pull.user.login : '',
  }
}

// The accept label (issue 59): a maintainer's way to accept an intended cost. Read from GitHub's
// API at decision time, never from the pull request's files: the label must be on the pull
// request now. GitHub lets only people with triage rights (or more) set a label. Facts only, from
// the API and from the event GitHub wrote: whether they accept the head measured (a person, not a
// bot, set it; on the head measured; never the author's own label) is the gate's Java to decide
// (Acceptance.refusal, issues 74 and 73).

const AUTHOR = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(\[bot\])?$/
const SHA = /^([0-9a-f]{40}|[0-9a-f]{64})$/
const sha = (value) => (typeof value === 'string' && SHA.test(value) ? value : '')

/**
 * Who set the label last and when; the head it was set on when this run is that setting's own
 * event (GitHub wrote the head of that moment into it), else empty; the head a push replaced; the
 * pull request's author. Or why nobody accepted.
 *
 * @returns {Promise<{ by: string, at: string, head: string, replaced: string, author: string } | { none: string }>}
 */
export async function acceptance(octokit, { owner, repo, number, label, payload = {} }) {
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
  return {
    by: login,
    at: typeof set.created_at === 'string' ? set.created_at : '',
    head: own && pull.head ? sha(pull.head.sha) : '',
    replaced: payload.action === 'synchronize' ? sha(payload.before) : '',
    author: pull.user && typeof pull.user.login === 'string' && AUTHOR.test(pull.user.login) ? pull.user.login : '',
  }
}

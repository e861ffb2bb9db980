// The accept label (issue 59): a maintainer's way to accept an intended cost. Read from GitHub's
// API at decision time, never from the pull request's files: the label must be on the pull
// request now, and the last time it was set, a person set it. GitHub lets only people with triage
// rights (or more) set a label; a bot (an auto-labeller a pull request can trigger) is not taken
// for a maintainer.

/**
 * Who accepted, or why nobody did.
 *
 * @returns {Promise<{ by: string, at: string } | { none: string }>}
 */
export async function acceptance(octokit, { owner, repo, number, label }) {
  const labels = await octokit.rest.issues.listLabelsOnIssue({ owner, repo, issue_number: number, per_page: 100 })
  if (!labels.data.some((entry) => entry && entry.name === label)) {
    return { none: `pull request #${number} does not carry the label ${label}` }
  }
  const events = await octokit.paginate(octokit.rest.issues.listEvents, { owner, repo, issue_number: number, per_page: 100 })
  const set = events.filter((event) => event && event.event === 'labeled' && event.label && event.label.name === label).pop()
  const login = set && set.actor && typeof set.actor.login === 'string' ? set.actor.login : ''
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(login)) {
    return { none: login ? `the label ${label} was set by ${login}, a bot, not a maintainer` : `no event says who set the label ${label}` }
  }
  return { by: login, at: typeof set.created_at === 'string' ? set.created_at : '' }
}

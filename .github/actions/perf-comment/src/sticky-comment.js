// One comment per pull request: found again by its hidden marker AND its author, so a marker
// quoted by someone else (or a forked copy of this action running under another bot) never
// makes the action edit a comment it does not own.

/**
 * Updates this action's previous comment on the pull request in place, or creates one.
 *
 * @param {import('@octokit/core').Octokit & { rest: any, paginate: any }} octokit
 * @param {{ owner: string, repo: string, issueNumber: number, marker: string, author: string, body: string }} target
 * @returns {Promise<{ action: 'created' | 'updated', id: number, url: string }>}
 */
export async function upsertComment(octokit, { owner, repo, issueNumber, marker, author, body }) {
  const existing = await findComment(octokit, { owner, repo, issueNumber, marker, author })
  if (existing) {
    const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: existing.id, body })
    return { action: 'updated', id: data.id, url: data.html_url }
  }
  const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body })
  return { action: 'created', id: data.id, url: data.html_url }
}

/** The oldest comment by `author` that starts with `marker`, reading every page of the list. */
export async function findComment(octokit, { owner, repo, issueNumber, marker, author }) {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner,
    repo,
    issue_number: issueNumber,
    per_page: 100,
  })
  for await (const { data } of pages) {
    const found = data.find((comment) => comment.user && comment.user.login === author
      && typeof comment.body === 'string' && comment.body.startsWith(marker))
    if (found) {
      return found
    }
  }
  return null
}

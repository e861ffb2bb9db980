// The artifact names the pull request it was measured for, and the artifact is written by the
// pull request's own code. Before commenting, the PR's current head must be the commit the gate
// run measured: otherwise a fork could steer the comment onto another PR.

/**
 * @returns {Promise<{ matches: boolean, headSha: string }>}
 * @throws when the number is not an open or closed pull request of this repository
 */
export async function checkHead(octokit, { owner, repo, number, headSha }) {
  const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: number })
  const actual = data && data.head ? String(data.head.sha) : ''
  return { matches: actual === headSha, headSha: actual }
}

/** A PR number as the artifact gives it: a positive integer, as a number or a string of digits. */
export function parsePrNumber(text) {
  const value = String(text ?? '').trim()
  if (!/^[1-9][0-9]{0,9}$/.test(value)) {
    throw new Error(`pr-number must be a positive integer, got ${JSON.stringify(value.slice(0, 40))}`)
  }
  return Number(value)
}

/** A full commit SHA: 40 hex digits (SHA-1) or 64 (SHA-256 repositories). */
export function parseSha(text) {
  const value = String(text ?? '').trim()
  if (!/^([0-9a-f]{40}|[0-9a-f]{64})$/.test(value)) {
    throw new Error(`head-sha must be a full commit SHA (40 hex digits), got ${JSON.stringify(value.slice(0, 70))}`)
  }
  return value
}

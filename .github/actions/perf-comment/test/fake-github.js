// A local stand-in for the parts of GitHub's REST API the gate's workflows call (github.com is
// out of reach here). It keeps pull requests, issue comments and opened PRs in memory, pages
// comment lists with real Link headers, and can refuse writes the way a fork's read-only token is
// refused. Tests seed and read it through /_fake/state.
//
// A run's artifacts are listed from the state, or else from a folder (--artifacts DIR) that holds
// them as the act stand-ins store them, DIR/<run id>/<name>/, each sized as the sum of its files.
//
//   node test/fake-github.js [--port N] [--state FILE] [--artifacts DIR]   prints "fake-github listening on URL"
import { createServer } from 'node:http'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

export function emptyState() {
  return {
    pulls: {}, // number -> { head: { sha } }
    comments: [], // { id, issue_number, user: { login }, body }
    createdPulls: [], // bodies of POST /pulls
    failWrites: null, // e.g. 403: every POST/PATCH answers this status
    defaultLogin: 'github-actions[bot]', // who the token belongs to
    requests: [], // "METHOD /path?query" in order
    artifacts: {}, // run id -> [{ name, size_in_bytes, expired }]; a run not named here is read from the artifacts folder
    labels: {}, // issue number -> [label name]
    labelEvents: {}, // issue number -> [{ event: 'labeled' | 'unlabeled', label: { name }, actor: { login }, created_at }]
    // Who may label: GitHub lets only people with triage rights (or more) set a label, and so does this fake.
    permissions: {}, // login -> 'admin' | 'maintain' | 'write' | 'triage' | 'read'
  }
}

/** The bytes of every file under a folder. */
function treeSize(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) {
    return stat.size
  }
  return readdirSync(path).reduce((sum, entry) => sum + treeSize(join(path, entry)), 0)
}

/** A run's artifacts as the folder holds them. */
function artifactsIn(dir, run) {
  const runDir = dir ? join(dir, run) : null
  if (!runDir || !existsSync(runDir)) {
    return []
  }
  return readdirSync(runDir).map((name) => ({ name, size_in_bytes: treeSize(join(runDir, name)), expired: false }))
}

/** Starts the fake on 127.0.0.1; resolves to { url, state, close }. */
export function startFakeGitHub({ port = 0, state = emptyState(), artifactsDir = null } = {}) {
  let nextId = 1000
  const server = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk) => { raw += chunk })
    request.on('end', () => {
      try {
        handle(request, raw, response)
      } catch (error) {
        send(response, 500, { message: `fake-github: ${error.message}` })
      }
    })
  })

  function handle(request, raw, response) {
    const url = new URL(request.url, `http://${request.headers.host}`)
    const path = url.pathname
    if (path === '/_fake/state') {
      if (request.method === 'POST') {
        Object.assign(state, JSON.parse(raw))
      }
      return send(response, 200, state)
    }
    state.requests.push(`${request.method} ${path}${url.search}`)
    if (!/^(token|Bearer) \S+/.test(request.headers.authorization || '')) {
      return send(response, 401, { message: 'Requires authentication' })
    }
    const body = raw ? JSON.parse(raw) : {}
    if (request.method !== 'GET' && state.failWrites) {
      return send(response, state.failWrites, { message: 'Resource not accessible by integration' })
    }
    let match
    if ((match = path.match(/^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/labels$/))) {
      const number = match[3]
      if (request.method === 'GET') {
        return send(response, 200, ((state.labels || {})[number] || []).map((name) => ({ name })))
      }
      if (request.method === 'POST') {
        // The acting user is the token's (x-fake-user names another): without triage rights GitHub ignores or refuses it.
        const login = request.headers['x-fake-user'] || state.defaultLogin
        const role = (state.permissions || {})[login] || 'read'
        if (!['admin', 'maintain', 'write', 'triage'].includes(role)) {
          return send(response, 403, { message: `${login} has ${role} access: labels need triage rights` })
        }
        const names = Array.isArray(body.labels) ? body.labels : []
        state.labels[number] = [...new Set([...((state.labels || {})[number] || []), ...names])]
        state.labelEvents[number] = [...((state.labelEvents || {})[number] || []), ...names.map((name) => ({
          event: 'labeled', label: { name }, actor: { login }, created_at: new Date().toISOString() }))]
        return send(response, 200, state.labels[number].map((name) => ({ name })))
      }
    }
    if ((match = path.match(/^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/events$/)) && request.method === 'GET') {
      return send(response, 200, (state.labelEvents || {})[match[3]] || [])
    }
    if ((match = path.match(/^\/repos\/([^/]+)\/([^/]+)\/actions\/runs\/(\d+)\/artifacts$/)) && request.method === 'GET') {
      const name = url.searchParams.get('name')
      const all = (state.artifacts || {})[match[3]] || artifactsIn(artifactsDir, match[3])
      const artifacts = all.filter((artifact) => !name || artifact.name === name)
      return send(response, 200, { total_count: artifacts.length, artifacts })
    }
    if ((match = path.match(/^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)$/)) && request.method === 'GET') {
      const pull = state.pulls[match[3]]
      return pull ? send(response, 200, { number: Number(match[3]), ...pull }) : send(response, 404, { message: 'Not Found' })
    }
    if ((match = path.match(/^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/))) {
      const issue = Number(match[3])
      if (request.method === 'GET') {
        return sendPage(response, url, state.comments.filter((comment) => comment.issue_number === issue))
      }
      if (request.method === 'POST') {
        const now = new Date().toISOString()
        const comment = { id: nextId++, issue_number: issue, user: { login: state.defaultLogin }, body: body.body, created_at: now, updated_at: now }
        comment.html_url = `https://github.test/${match[1]}/${match[2]}/pull/${issue}#issuecomment-${comment.id}`
        state.comments.push(comment)
        return send(response, 201, comment)
      }
    }
    if ((match = path.match(/^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/)) && request.method === 'PATCH') {
      const comment = state.comments.find((candidate) => candidate.id === Number(match[3]))
      if (!comment) {
        return send(response, 404, { message: 'Not Found' })
      }
      comment.body = body.body
      comment.updated_at = new Date().toISOString()
      return send(response, 200, comment)
    }
    if ((match = path.match(/^\/repos\/([^/]+)\/([^/]+)\/pulls$/)) && request.method === 'GET') {
      // Open pulls created here, filtered as GitHub filters head=owner:branch.
      const head = url.searchParams.get('head')
      return send(response, 200, state.createdPulls.filter((pull) => pull.state === 'open' && (!head || `${match[1]}:${pull.head}` === head)))
    }
    if ((match = path.match(/^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)$/)) && request.method === 'PATCH') {
      const pull = state.createdPulls.find((candidate) => candidate.number === Number(match[3]))
      if (!pull) {
        return send(response, 404, { message: 'Not Found' })
      }
      Object.assign(pull, body)
      return send(response, 200, pull)
    }
    if ((match = path.match(/^\/repos\/([^/]+)\/([^/]+)\/pulls$/)) && request.method === 'POST') {
      const number = 1 + Math.max(0, ...Object.keys(state.pulls).map(Number), ...state.createdPulls.map((pull) => pull.number))
      const pull = { number, state: 'open', ...body, html_url: `https://github.test/${match[1]}/${match[2]}/pull/${number}` }
      state.createdPulls.push(pull)
      return send(response, 201, pull)
    }
    return send(response, 404, { message: `fake-github does not serve ${request.method} ${path}` })
  }

  // GitHub pages with ?per_page=&page= and a Link header naming the next and last pages.
  function sendPage(response, url, items) {
    const perPage = Math.min(100, Number(url.searchParams.get('per_page') || 30))
    const page = Number(url.searchParams.get('page') || 1)
    const last = Math.max(1, Math.ceil(items.length / perPage))
    const links = []
    const pageUrl = (n) => {
      const copy = new URL(url)
      copy.searchParams.set('page', String(n))
      return copy.toString()
    }
    if (page < last) {
      links.push(`<${pageUrl(page + 1)}>; rel="next"`, `<${pageUrl(last)}>; rel="last"`)
    }
    const headers = links.length > 0 ? { link: links.join(', ') } : {}
    send(response, 200, items.slice((page - 1) * perPage, page * perPage), headers)
  }

  function send(response, status, payload, headers = {}) {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
    response.end(JSON.stringify(payload))
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${server.address().port}`
      resolve({
        url,
        state,
        close: () => new Promise((done) => {
          server.close(done)
          server.closeAllConnections()
        }),
      })
    })
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argument = (name) => {
    const index = process.argv.indexOf(name)
    return index > 0 ? process.argv[index + 1] : undefined
  }
  const state = argument('--state') ? { ...emptyState(), ...JSON.parse(readFileSync(argument('--state'), 'utf8')) } : emptyState()
  const fake = await startFakeGitHub({ port: Number(argument('--port') || 0), state, artifactsDir: argument('--artifacts') || null })
  console.log(`fake-github listening on ${fake.url}`)
}

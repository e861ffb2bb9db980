// Paired mode: where a confirmed regression (or WARNING) spent its time and bytes, from what the gate
// recorded after the verdict: a component's profiling duel (summary.json:
// paired.components[label].whereItWent), a whole client's few more windows (paired.whereItWent).
// Frame and site names come from the head's code: escaped like every other string of the artifact.
import { escapeText, finite } from './escape.js'

const ROWS = 5

/** Every component and whole client with a profile: a heading, the CPU table and the allocation table; '' when none has one. */
export function whereItWentSection(scenarios) {
  const parts = []
  for (const scenario of scenarios) {
    const client = scenario.paired && typeof scenario.paired.whereItWent === 'object' ? scenario.paired.whereItWent : null
    if (client) {
      parts.push(componentTables(scenario.scenario, 'the whole client', client, 'record'))
    }
    const components = scenario.paired && scenario.paired.components && typeof scenario.paired.components === 'object'
      ? scenario.paired.components : {}
    for (const [label, component] of Object.entries(components).slice(0, 10)) {
      const went = component && typeof component.whereItWent === 'object' ? component.whereItWent : null
      if (went) {
        parts.push(componentTables(scenario.scenario, label, went))
      }
    }
  }
  if (parts.length === 0) {
    return ''
  }
  return ['#### Where it went', '', 'Recorded after the verdict (JFR; never judged): a component in one profiling duel, as many calls on '
    + 'each side; a whole client over a few more windows of each worker. The frames and sites that gained the most per call (or record) '
    + 'lead, in % of the base\'s time (or bytes) per call, with their shares of each side\'s samples. '
    + 'The raw profiles (`.jfr`, collapsed stacks) are in the run\'s artifact, under `components/` and `client/`.', '', ...parts].join('\n')
}

function componentTables(scenario, label, went, per = 'call') {
  const samples = went.samples || {}
  const allocations = went.allocationSamples || {}
  const cpu = (Array.isArray(went.cpu) ? went.cpu : []).slice(0, ROWS)
  const sites = (Array.isArray(went.allocation) ? went.allocation : []).slice(0, ROWS)
  const lines = [`**${escapeText(label, 200)}** (${escapeText(scenario, 120)})`, '']
  if (cpu.length > 0) {
    lines.push(`| CPU: frame (${count(samples.base)} base, ${count(samples.head)} head samples) | gained per ${per} | self, base → head | total, base → head |`,
      '|---|---|---|---|',
      ...cpu.map((row) => `| ${name(row.frame, row.new)} | ${gained(row.gainedOfBase)} | ${share(row.selfBase)} → ${share(row.selfHead)} | ${share(row.totalBase)} → ${share(row.totalHead)} |`),
      '')
  }
  if (sites.length > 0) {
    lines.push(`| Allocation: type in frame (${count(allocations.base)} base, ${count(allocations.head)} head samples) | gained per ${per} | share, base → head |`,
      '|---|---|---|',
      ...sites.map((row) => `| ${name(row.site, row.new)} | ${gained(row.gainedOfBase)} | ${share(row.base)} → ${share(row.head)} |`),
      '')
  }
  return lines.join('\n')
}

function name(value, isNew) {
  return `${escapeText(value, 160)}${isNew === true ? ' 🆕' : ''}`
}

function share(value) {
  return finite(value) === null ? '—' : `${value.toFixed(1)}%`
}

function gained(value) {
  return finite(value) === null ? '—' : `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`
}

function count(value) {
  return finite(value) === null ? '—' : Number(value).toLocaleString('en-US')
}

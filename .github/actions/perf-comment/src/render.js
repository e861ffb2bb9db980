// Renders summary.json (written by the gate's Java side, which decides every verdict) as the
// Markdown of the PR comment and the job summary. It decides nothing: it picks rows, formats
// figures and escapes every string that came from the artifact.
import { deltaChart } from './delta-chart.js'
import { whereItWentSection } from './where-it-went.js'
import { escapeText, finite } from './escape.js'
import { figure, interval, mde, percent } from './format.js'
import { VERDICTS, plural, verdictCell } from './verdicts.js'

/** GitHub refuses an issue comment longer than this many characters. */
export const COMMENT_LIMIT = 65_536

const STORED_HEAD = [
  '| Scenario | Metric | Baseline | Current | Δ | Interval | Verdict | MDE |',
  '|---|---|--:|--:|--:|--:|---|--:|',
]
// Paired mode: both sides measured in this run, side by side; Δ is the median-free paired ratio of adjacent trials.
const PAIRED_HEAD = [
  '| Scenario | Metric | Base | Head | Δ | Interval | Verdict | MDE |',
  '|---|---|--:|--:|--:|--:|---|--:|',
]
const COMMIT = /^[0-9a-f]{7,40}$/
const SAFE_ARGUMENT = /^[A-Za-z0-9._,-]{1,2000}$/
// The reproduce line as ReproduceCommand writes it: an optional checkout, gate.sh (in a team's module: --module and a
// relative path without ".."), an optional --base, then -Dperf.* arguments whose values are single shell words.
const REPRODUCE = /^(git checkout [0-9a-f]{7,40}\n)?(scripts\/gate\.sh|<kafka-perf-gate checkout>\/scripts\/gate\.sh --module (?!\S*\.\.)[A-Za-z0-9._-][A-Za-z0-9._\/-]{0,199}) (--base [0-9a-f]{7,40} )?(-Dperf\.[a-z.]{1,60}=[A-Za-z0-9._,-]{1,2000}( -Dperf\.[a-z.]{1,60}=[A-Za-z0-9._,-]{1,2000})*)?$/

/**
 * @param {object} summary    parsed summary.json (schemaVersion 1)
 * @param {object} options
 * @param {string} options.marker   hidden HTML comment that identifies the sticky comment (trusted)
 * @param {string} [options.runUrl] link to the gate's workflow run (trusted: from the event, not the artifact)
 * @param {number} [options.limit]  maximum length in characters, at least 2,000; default {@link COMMENT_LIMIT}
 * @returns {{ body: string, omittedRows: number }}
 */
export function renderReport(summary, { marker, runUrl = '', limit = COMMENT_LIMIT }) {
  if (!(limit >= 2000)) {
    throw new RangeError(`limit must be at least 2000 characters, was ${limit}`)
  }
  const scenarios = Array.isArray(summary.scenarios) ? summary.scenarios : []
  const head = isPaired(summary) ? PAIRED_HEAD : STORED_HEAD
  const rows = scenarios.flatMap(metricRows)
  const attention = rows.filter((row) => row.attention)
  const rest = rows.filter((row) => !row.attention)

  const compose = (attentionShown, restShown) => {
    const omitted = attention.length - attentionShown + rest.length - restShown
    return [
      marker,
      headline(summary, scenarios),
      stepsSection(scenarios),
      deltaChart(scenarios),
      rulesSection(summary),
      attentionSection(attention.slice(0, attentionShown), scenarios, head, isPaired(summary)),
      whereItWentSection(scenarios),
      detailsSection(rest.slice(0, restShown), rest.length, head, ruleNotes(scenarios)),
      omitted > 0 ? truncationNote(omitted) : '',
      latencySection(scenarios),
      trialsSection(scenarios),
      clientMetricsSection(scenarios),
      brokerMetricsSection(scenarios),
      reportedSection(scenarios),
      componentNotesSection(scenarios),
      environmentSection(summary),
      reproduceSection(summary),
      footer(summary, runUrl),
    ].filter((part) => part !== '').join('\n\n') + '\n'
  }

  // Largest report that fits: drop the collapsed rows first, then the attention rows, from the end.
  let body = compose(attention.length, rest.length)
  if (body.length <= limit) {
    return { body, omittedRows: 0 }
  }
  const restShown = largestFitting(rest.length, (n) => compose(attention.length, n).length <= limit)
  const attentionShown = restShown > 0 ? attention.length
    : largestFitting(attention.length, (n) => compose(n, 0).length <= limit)
  body = compose(attentionShown, restShown)
  if (body.length > limit) {
    throw new Error(`the report does not fit in ${limit} characters even without rows`)
  }
  return { body, omittedRows: attention.length - attentionShown + rest.length - restShown }
}

/** Binary search for the largest n in [0, max] with fits(n), given fits is monotone. */
function largestFitting(max, fits) {
  let low = 0
  let high = max
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (fits(mid)) {
      low = mid
    } else {
      high = mid - 1
    }
  }
  return low
}

function isPaired(summary) {
  return Boolean(summary.mode && typeof summary.mode === 'object' && summary.mode.name === 'paired')
}

/** Which mode judged: "paired: head vs base <sha>", or stored baselines (with the reason when paired mode was unavailable). */
function modeLine(summary) {
  const mode = summary.mode && typeof summary.mode === 'object' ? summary.mode : {}
  if (mode.name === 'paired') {
    const base = COMMIT.test(String(mode.base ?? '')) ? `\`${String(mode.base).slice(0, 12)}\`` : escapeText(mode.base, 60)
    return `paired: head vs base ${base}, both measured on this runner in interleaved ABBA blocks`
  }
  if (typeof mode.fallbackReason === 'string') {
    return `stored baselines (paired mode unavailable: ${escapeText(mode.fallbackReason, 300)})`
  }
  return 'stored baselines'
}

/** What the PR changed in the gate's own rules: listed, never applied (the base's rules judge). */
function rulesSection(summary) {
  const changes = summary.mode && Array.isArray(summary.mode.policyChanges) ? summary.mode.policyChanges : []
  if (changes.length === 0) {
    return ''
  }
  return ['**Rules changed by this PR** (not applied: the base\'s suites, thresholds and experiments judge):',
    ...changes.slice(0, 30).map((change) => `- ${escapeText(change, 300)}`)].join('\n')
}

/**
 * The percentiles of each scenario's judged latency, all trials merged (a mirror's lag, an
 * end-to-end latency, a response time), collapsed: the table above shows only its p99.
 */
function latencySection(scenarios) {
  const lines = scenarios.filter((scenario) => scenario.latency && typeof scenario.latency === 'object').map((scenario) => {
    const latency = scenario.latency
    const points = ['p50', 'p95', 'p99', 'p99.9', 'max'].map((key) => `${key} ${figure(latency[key], 'µs')}`).join(' · ')
    const count = finite(latency.count) === null ? '' : `, ${Number(latency.count).toLocaleString('en-US')} records`
    return `- ${escapeText(scenario.scenario, 120)} (${escapeText(latency.measures, 40)}${count}): ${points}`
  })
  if (lines.length === 0) {
    return ''
  }
  return ['<details><summary>Latency percentiles (all trials merged)</summary>', '', ...lines, '', '</details>'].join('\n')
}

/** Paired mode: each side's trials in run order, per scenario and metric, collapsed. */
function trialsSection(scenarios) {
  const lines = []
  for (const scenario of scenarios) {
    const trials = scenario.paired && scenario.paired.trials && typeof scenario.paired.trials === 'object' ? scenario.paired.trials : null
    if (!trials || !trials.base || !trials.head) {
      continue
    }
    lines.push(`**${escapeText(scenario.scenario, 120)}**, run order ${escapeText(trials.order, 80)}:`)
    for (const metric of Object.keys(trials.base).slice(0, 10)) {
      const side = (values) => (Array.isArray(values) ? values : []).slice(0, 40).map((value) => figure(value, '')).join(' ')
      lines.push(`- ${escapeText(metric, 40)}: base ${side(trials.base[metric])}; head ${side(trials.head[metric])}`)
    }
  }
  if (lines.length === 0) {
    return ''
  }
  return ['<details><summary>Trials in run order (base and head)</summary>', '', ...lines, '', '</details>'].join('\n')
}

/** Paired mode: the client's own metrics (kafka-clients' names), base against head: what explains a diff. */
function clientMetricsSection(scenarios) {
  return sideBySideSection(scenarios, 'clientMetrics', 'client metric', 'The clients\' own metrics, base against head (not judged)')
}

/** Paired mode: the broker's side of each trial (from its JMX), base against head. */
function brokerMetricsSection(scenarios) {
  return sideBySideSection(scenarios, 'brokerMetrics', 'broker, per trial', 'The broker\'s side, base against head (from its JMX; judged only where a scenario gates broker.cpu or broker.produce.time)')
}

/** One table per scenario of paired.trials[key]: {name: {base, head}}, each side's median; collapsed. */
function sideBySideSection(scenarios, key, column, title) {
  const lines = []
  for (const scenario of scenarios) {
    const trials = scenario.paired && scenario.paired.trials && typeof scenario.paired.trials === 'object' ? scenario.paired.trials : null
    const figures = trials && trials[key] && typeof trials[key] === 'object' ? trials[key] : null
    if (!figures || Object.keys(figures).length === 0) {
      continue
    }
    lines.push(`**${escapeText(scenario.scenario, 120)}**:`, '', `| ${column} | base | head |`, '|---|---|---|')
    for (const name of Object.keys(figures).slice(0, 16)) {
      const pair = figures[name] && typeof figures[name] === 'object' ? figures[name] : {}
      lines.push(`| ${escapeText(name, 60)} | ${small(pair.base)} | ${small(pair.head)} |`)
    }
    lines.push('')
  }
  if (lines.length === 0) {
    return ''
  }
  // The title is the gate's own text, never data.
  return [`<details><summary>${title}</summary>`, '', ...lines, '</details>'].join('\n')
}

/**
 * Paired mode: why a component has no verdict row (nothing it can reach changed, new in the head,
 * ...), one line each, so that a reader never wonders where a serializer went.
 */
function componentNotesSection(scenarios) {
  const lines = []
  for (const scenario of scenarios) {
    const notes = scenario.paired && Array.isArray(scenario.paired.componentNotes) ? scenario.paired.componentNotes : []
    for (const note of notes.slice(0, 8)) {
      if (typeof note === 'string') {
        lines.push(`- **${escapeText(scenario.scenario, 120)}**: ${escapeText(note, 400)}`)
      }
    }
  }
  if (lines.length === 0) {
    return ''
  }
  return ['<details><summary>Components without a verdict, and why</summary>', '', ...lines, '', '</details>'].join('\n')
}

/** Paired mode: what the component stage measured for the report only (the team's RecordSource), one line each. */
function reportedSection(scenarios) {
  const lines = []
  for (const scenario of scenarios) {
    const reported = scenario.paired && Array.isArray(scenario.paired.reported) ? scenario.paired.reported : []
    for (const entry of reported.slice(0, 6)) {
      if (entry && typeof entry.line === 'string') {
        lines.push(`- **${escapeText(scenario.scenario, 120)}**: ${escapeText(entry.line, 300)}`)
      }
    }
  }
  if (lines.length === 0) {
    return ''
  }
  return ['<details><summary>Measured alone and reported, not judged (the team\'s test code)</summary>', '', ...lines, '', '</details>'].join('\n')
}

/**
 * The nightly's step changes (summary.json's trend blocks): flagged steps in the open, since a
 * nightly has no pull request to fail and this is where a person sees them; the rest collapsed.
 */
function stepsSection(scenarios) {
  const flagged = []
  const other = []
  for (const scenario of scenarios) {
    const steps = scenario.trend && Array.isArray(scenario.trend.steps) ? scenario.trend.steps : []
    for (const step of steps.slice(0, 12)) {
      if (step && typeof step.line === 'string') {
        const line = `- **${escapeText(scenario.scenario, 120)}**: ${escapeText(step.line, 300)}`
        ;(step.flagged === true ? flagged : other).push(line)
      }
    }
  }
  const parts = []
  if (flagged.length > 0) {
    parts.push(['#### ⚠️ Step changes across nightlies', '', 'Not a verdict of this run: each began at the commit named; bisect from there.', '', ...flagged].join('\n'))
  }
  if (other.length > 0) {
    parts.push(['<details><summary>Older, smaller or better change points across nightlies (not flagged)</summary>', '', ...other, '', '</details>'].join('\n'))
  }
  return parts.join('\n\n')
}

/** A client metric: up to three decimals, a dash for anything that is not a finite number. */
function small(value) {
  return typeof value === 'number' && Number.isFinite(value) ? String(Math.round(value * 1000) / 1000) : '—'
}

/**
 * One row per metric: its final verdict (the confirmation's, when there was one), with the first
 * measurement's flag in the gate's words beside the change ("first +5.5%, did not repeat: noise").
 * Whether a row needs attention is the gate's field, as written.
 */
function metricRows(scenario) {
  const name = escapeText(scenario.scenario, 120)
  const confirmation = scenario.confirmation && Array.isArray(scenario.confirmation.metrics) ? scenario.confirmation.metrics : null
  const metrics = confirmation ?? (Array.isArray(scenario.metrics) ? scenario.metrics : [])
  return metrics.map((metric) => row(name, metric))
}

/** The first measurement's flag on a metric measured twice, as the gate worded it, or ''. */
function stages(metric) {
  const first = metric.first && typeof metric.first === 'object' ? metric.first : null
  return first ? ` (first ${percent(first.deltaPercent)}, ${escapeText(first.word, 40)})` : ''
}

function row(name, metric) {
  const unit = typeof metric.unit === 'string' ? metric.unit : ''
  const byRule = metric.decidedBy === 'rule'
  const cells = [
    name,
    (typeof metric.component === 'string' && metric.component ? escapeText(metric.component, 120) + ' ' : '') + escapeText(metric.metric, 40),
    figure(metric.baseline, unit),
    figure(metric.current, unit),
    percent(metric.deltaPercent) + stages(metric),
    interval(metric.intervalPercent),
    // A rule (the p99 floor), not the interval, decided: the cell says so, and no MDE is shown for it.
    verdictCell(metric.verdict) + (byRule ? ' (by rule)' : ''),
    byRule ? 'not resolvable here' : mde(metric.mdePercent),
  ]
  return { line: `| ${cells.join(' | ')} |`, attention: metric.attention === true }
}

function count(summary, verdict) {
  const value = summary.counts ? finite(summary.counts[verdict]) : null
  return value === null ? 0 : value
}

function headline(summary, scenarios) {
  // The outcome was decided and worded once, in Java (summary.json's decision block); this only prints it.
  const decision = summary.decision
  // The title is the gate's, worded once in Java (DecisionTitle): printed here, never worked out again.
  const title = escapeText(decision.title, 300)
  const notRun = finite(summary.notRun) ?? 0
  // Only the verdicts that occurred: a "❌ 0" on a passing run reads as an alarm at a glance.
  const counts = Object.entries(VERDICTS).filter(([verdict]) => count(summary, verdict) > 0)
    .map(([verdict, { icon, noun }]) => `${icon} ${plural(count(summary, verdict), noun)}`)
  if (notRun > 0) {
    counts.push(`💥 ${notRun} could not run`)
  }
  const suite = summary.suite ? `suite ${code(summary.suite)}, ` : ''
  return `### ${title}\n\n${escapeText(decision.headline, 600)}${acceptedNote(summary)}\n\n${counts.join(' · ')}  \n${suite}${plural(scenarios.length, ['scenario', 'scenarios'])}  \nJudged by: ${modeLine(summary)}`
}

/** Who accepted, at which head, and that a later push is judged again: the figures and profiles below are as measured. */
function acceptedNote(summary) {
  // Java writes "accepted" only when the label made the outcome ACCEPTED ("notAccepted" otherwise): printed, not decided.
  if (!summary.accepted || typeof summary.accepted !== 'object') {
    return ''
  }
  const { by, label, at, head } = summary.accepted
  const when = typeof at === 'string' && at !== '' ? `, set ${escapeText(at, 40)}` : ''
  const commit = typeof head === 'string' && COMMIT.test(head) ? ` at head ${code(head.slice(0, 12))}` : ''
  return `\n\n**Accepted** by ${escapeText(by, 40)} with the label ${code(label)}${when}${commit}: the regression passes as an intended cost; `
    + 'its figures and where it went are below, as measured. It accepts this head only: a later push is judged again and fails on a '
    + 'confirmed regression until someone with triage rights, not the pull request\'s author, removes the label and sets it again.'
}

function attentionSection(rows, scenarios, head, paired) {
  const parts = []
  // What the pull request changed in each scenario's subject (settings, classes, kafka-clients): judged, named here.
  const changed = scenarios.filter((scenario) => Array.isArray(scenario.changes) && scenario.changes.length > 0)
  if (changed.length > 0) {
    parts.push(['**Judged with the change**:', ...changed.map((scenario) =>
      `- ${escapeText(scenario.scenario, 120)}: ${scenario.changes.slice(0, 20).map((change) => escapeText(change, 200)).join(', ')}`)].join('\n'))
  }
  // Which scenarios the component stage judged alone, in the gate's words (issue 72): printed, never decided here.
  const spared = scenarios.filter((scenario) => scenario.paired && typeof scenario.paired.wholeClient === 'string')
  if (spared.length > 0) {
    parts.push(['**Judged by the component stage alone**:', ...spared.map((scenario) =>
      `- ${escapeText(scenario.scenario, 120)}: ${escapeText(scenario.paired.wholeClient, 500)}`)].join('\n'))
  }
  if (rows.length > 0) {
    parts.push(['#### Needs attention', '', ...head, ...rows.map((entry) => entry.line)].join('\n'))
  }
  const unconfirmed = scenarios.filter((scenario) => scenario.notConfirmed === true)
  if (unconfirmed.length > 0) {
    const again = paired ? 'the first measurement, not confirmed by a second paired measurement' : 'the first run, not confirmed by a re-run on a fresh broker'
    parts.push(`Flagged by ${again} (passes): ${unconfirmed.map((scenario) => escapeText(scenario.scenario, 120)).join(', ')}.`)
  }
  // Java lists each scenario's mismatch reasons (mismatchReasons): printed, never worked out from the verdicts.
  const reasons = scenarios.flatMap((scenario) => (Array.isArray(scenario.mismatchReasons) ? scenario.mismatchReasons : [])
    .map((reason) => `- ${escapeText(scenario.scenario, 120)}: ${escapeText(reason, 500)}`))
  if (reasons.length > 0) {
    parts.push(['**Mismatch** (compared with nothing; accept with `scripts/refresh-baselines.sh --accept`):', ...new Set(reasons)].join('\n'))
  }
  const notRun = scenarios.filter((scenario) => scenario.notRun === true)
  if (notRun.length > 0) {
    parts.push(['**Could not run**', ...notRun.map((scenario) => `- ${escapeText(scenario.scenario, 120)} (${escapeText(scenario.outcome, 20)}): ${escapeText(scenario.message, 1000)}`)].join('\n'))
  }
  return parts.join('\n\n')
}

/** Each metric a rule decided rather than its interval, in the gate's words: "decided by the p99 floor, ...". */
function ruleNotes(scenarios) {
  return scenarios.flatMap((scenario) => (Array.isArray(scenario.metrics) ? scenario.metrics : [])
    .filter((metric) => metric.decidedBy === 'rule')
    .map((metric) => `${escapeText(scenario.scenario, 120)} ${escapeText(metric.metric, 40)}: ${escapeText(metric.reason, 300)}`))
}

function detailsSection(rows, total, head, rules = []) {
  if (total === 0) {
    return ''
  }
  return [
    `<details><summary>Everything else (${plural(total, ['metric', 'metrics'])})</summary>`,
    '',
    ...(rows.length > 0 ? [...head, ...rows.map((entry) => entry.line)] : ['(not shown: see below)']),
    '',
    ...rules.map((line) => `${line}  `),
    '</details>',
  ].join('\n')
}

function truncationNote(omitted) {
  return `✂️ ${plural(omitted, ['row', 'rows'])} not shown: GitHub limits a comment to 65,536 characters. The job summary and the run's artifact (summary.json) hold every row.`
}

function environmentSection(summary) {
  const fingerprint = summary.fingerprint && typeof summary.fingerprint === 'object' ? summary.fingerprint : {}
  const broker = [fingerprint.brokerMode, 'broker', fingerprint.brokerVersion].filter(Boolean).map((part) => escapeText(part, 80)).join(' ')
  const parts = [
    summary.profile ? `profile ${code(summary.profile)}` : null,
    summary.machineClass ? `machine class ${code(summary.machineClass)}` : null,
    broker,
    fingerprint.brokerImage ? `image ${escapeText(fingerprint.brokerImage, 120)}` : null,
    fingerprint.kafkaClients ? `kafka-clients ${escapeText(fingerprint.kafkaClients, 40)}` : null,
    fingerprint.jvm ? escapeText(fingerprint.jvm, 120) : null,
    finite(fingerprint.cores) !== null ? `${fingerprint.cores} × ${escapeText(fingerprint.cpuModel, 120)}` : null,
    fingerprint.kernel ? `kernel ${escapeText(fingerprint.kernel, 80)}` : null,
  ].filter(Boolean)
  const drift = summary.drift && typeof summary.drift === 'object' ? summary.drift : {}
  const driftLine = drift.drifted === true
    ? `⚠️ ${escapeText(drift.description, 400)}. The machine ran at another speed than when the baselines were taken: read this run's verdicts with suspicion.`
    : escapeText(drift.description || 'not measured', 400)
  const injection = summary.injection && typeof summary.injection === 'object'
    ? `  \n**Injected slowdown**: ${escapeText(summary.injection.description, 200)}: this run measures a deliberately slowed client.`
    : ''
  return `**Environment**: ${parts.join(' · ')}  \n**Drift**: ${driftLine}${injection}`
}

function reproduceSection(summary) {
  // The gate wrote the command (summary.json `reproduce`, ReproduceCommand). Shown under the gate's name, so only a line
  // of the form the gate writes is printed: a tampered artifact cannot put a command of its own there.
  const command = typeof summary.reproduce === 'string' && summary.reproduce.length <= 4000 && REPRODUCE.test(summary.reproduce)
    ? summary.reproduce : null
  return command === null ? '' : `**Reproduce locally** (JDK 17, Maven, jq; Docker optional):\n\n\`\`\`sh\n${command}\n\`\`\``
}

function footer(summary, runUrl) {
  const policy = summary.policy && typeof summary.policy === 'object' ? summary.policy : {}
  const alpha = finite(policy.alphaPerComparison)
  const runs = finite(policy.minBaselineRuns)
  const link = /^https?:\/\/[^\s()<>]+$/.test(runUrl) ? `[Gate run](${runUrl}) · ` : ''
  const test = alpha === null ? ''
    : isPaired(summary) ? `each metric is tested at α ${alpha} on the log-ratios of base and head trials in ABBA blocks, and a regression counts only when a second paired measurement confirms it. `
      : `each metric is tested at α ${alpha} against at least ${runs ?? '?'} baseline runs, and a regression counts only when a re-run on a fresh broker confirms it. `
  return `${link}<sub>Numbers are data, not truth: ${test}A shared CI machine is noisy; INCONCLUSIVE means the change was smaller than the noise could show (MDE), not that there was none.</sub>`
}

/** Inline code for a value that is safe as it is (suite, profile), else escaped text. */
function code(value) {
  const text = String(value)
  return SAFE_ARGUMENT.test(text) ? `\`${text}\`` : escapeText(text, 100)
}

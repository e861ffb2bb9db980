// Lays out kafka-perf-gate's report from the JSON block #kpg-data with Chart.js. Text goes into
// the page with textContent only (via el()), so nothing from scenario files or results is markup.
// window.kpgReport tells a browser test what was drawn: {done, charts, errors}.
(function () {
  'use strict'
  const state = { done: false, charts: 0, errors: [] }
  window.kpgReport = state
  const data = JSON.parse(document.getElementById('kpg-data').textContent)
  const root = document.getElementById('report')
  const COLORS = ['#0969da', '#cf222e', '#8250df', '#1a7f37', '#bc4c00', '#57606a']
  const PERCENTILE_TICKS = { 2: '50%', 10: '90%', 100: '99%', 1000: '99.9%', 10000: '99.99%', 100000: '99.999%' }
  Chart.defaults.animation = false
  Chart.defaults.maintainAspectRatio = false
  Chart.defaults.font.size = 11

  function el (tag, className, ...children) {
    const node = document.createElement(tag)
    if (className) node.className = className
    for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)))
    return node
  }

  function chart (parent, title, config) {
    const box = el('div', 'chart')
    const canvas = document.createElement('canvas')
    canvas.setAttribute('aria-label', title)
    canvas.dataset.chart = title
    box.append(canvas)
    parent.append(box)
    config.options = Object.assign({ plugins: {} }, config.options)
    config.options.plugins.title = { display: true, text: title }
    try {
      new Chart(canvas, config) // eslint-disable-line no-new
      state.charts++
    } catch (error) {
      state.errors.push(`${title}: ${error.message}`)
    }
  }

  function header () {
    const h = data.header
    root.append(el('h1', null, 'kafka-perf-gate report'))
    const counts = el('div', 'counts')
    for (const [verdict, count] of Object.entries(h.counts || {})) {
      if (count > 0) counts.append(el('span', `verdict ${verdict}`, `${count} ${verdict}`))
    }
    root.append(counts)
    const f = h.fingerprint || {}
    const facts = [
      ['suite', h.suite || 'selection'], ['profile', h.profile], ['commit', h.commit || 'unknown'], ['run', h.runId || '—'],
      ['duration', h.durationSeconds == null ? '—' : `${Math.floor(h.durationSeconds / 60)}m${String(h.durationSeconds % 60).padStart(2, '0')}s`],
      ['complete', String(h.complete)],
      ['broker', `${f.brokerMode || '?'} ${f.brokerVersion || ''} ${f.brokerImage || ''}`.trim()],
      // Paired mode: each side's own kafka-clients, as its worker reported it.
      ['kafka-clients', (h.mode || {}).kafkaClients ? `base ${h.mode.kafkaClients.base}, head ${h.mode.kafkaClients.head}` : f.kafkaClients],
      ['JVM', f.jvm], ['CPU', `${f.cores} × ${f.cpuModel}`], ['kernel', f.kernel],
    ]
    const line = el('div', 'facts')
    facts.forEach(([name, value], index) => line.append(index ? ' · ' : '', el('b', null, `${name} `), String(value ?? '—')))
    root.append(line)
    const mode = h.mode || {}
    root.append(el('div', 'facts', mode.name === 'paired'
      ? `judged by: paired, head vs base ${String(mode.base || '?').slice(0, 12)} on this machine (${mode.blocks} ABBA blocks of ${mode.design === 'windows' ? `${mode.windowSeconds} s warm windows` : `${mode.trialSeconds} s trials`})`
      : `judged by: stored baselines${mode.fallbackReason ? ` (paired mode unavailable: ${mode.fallbackReason})` : ''}`))
    const drift = h.drift || {}
    root.append(el('div', drift.drifted ? 'facts drifted' : 'facts', `drift: ${drift.description || 'not measured'}`))
    if (h.injection) root.append(el('div', 'facts drifted', `injected slowdown: ${h.injection.description}`))
    for (const problem of data.problems || []) root.append(el('div', 'note', `baseline not drawn: ${problem}`))
    root.append(el('div', 'note', `Numbers are data, not truth: one run on a shared machine. A verdict is a statistical test ${mode.name === 'paired'
      ? 'of the head against the base, block by block' : 'against the baseline runs'}; INCONCLUSIVE means the noise hides changes smaller than the MDE.`))
  }

  function percentileChart (parent, spectra) {
    const datasets = spectra.map((spectrum, index) => ({
      label: spectrum.label,
      data: spectrum.points.filter(([p]) => p < 100).map(([p, us]) => ({ x: 100 / (100 - p), y: us / 1000 })),
      borderColor: spectrum.label.startsWith('baseline') ? '#57606a' : COLORS[index % COLORS.length],
      borderDash: spectrum.label.startsWith('baseline') ? [6, 4] : [],
      pointRadius: 0,
      borderWidth: 2,
    }))
    chart(parent, 'latency by percentile (ms)', {
      type: 'line',
      data: { datasets },
      options: {
        parsing: false,
        scales: {
          x: { type: 'logarithmic', min: 1, title: { display: true, text: 'percentile' }, ticks: { autoSkip: false, callback: (value) => PERCENTILE_TICKS[value] ?? null } },
          y: { type: 'logarithmic', title: { display: true, text: 'ms' } },
        },
      },
    })
  }

  function throughputChart (parent, throughput) {
    const trials = throughput.trials || []
    const confirmation = throughput.confirmationTrials || []
    const count = Math.max(trials.length, confirmation.length, 1)
    const labels = Array.from({ length: count }, (_, index) => `trial ${index + 1}`)
    const runs = throughput.baselineRuns || []
    const datasets = []
    if (runs.length > 0) {
      const low = Math.min(...runs)
      const high = Math.max(...runs)
      datasets.push({ label: `baseline runs, lowest (${runs.length})`, data: labels.map(() => low), borderColor: '#8c959f', pointRadius: 0, borderWidth: 1 })
      datasets.push({ label: 'baseline runs, highest', data: labels.map(() => high), borderColor: '#8c959f', backgroundColor: 'rgba(140,149,159,0.2)', fill: '-1', pointRadius: 0, borderWidth: 1 })
    }
    datasets.push({ label: 'this run', data: trials, borderColor: COLORS[0], backgroundColor: COLORS[0], showLine: false, pointRadius: 5 })
    if (confirmation.length > 0) datasets.push({ label: 're-run', data: confirmation, borderColor: COLORS[1], backgroundColor: COLORS[1], showLine: false, pointRadius: 5, pointStyle: 'triangle' })
    chart(parent, `throughput per trial (${throughput.unit})`, { type: 'line', data: { labels, datasets }, options: { scales: { y: { beginAtZero: true } } } })
  }

  function trendChart (parent, trend, title) {
    const datasets = [{ label: 'throughput (records/s)', data: trend.map((point) => point.throughput ?? null), borderColor: COLORS[0], yAxisID: 'y' }]
    const scales = { y: { beginAtZero: true, position: 'left' } }
    // Consume scenarios are judged on throughput alone: no p99 axis for them.
    if (trend.some((point) => point.p99Us != null)) {
      datasets.push({ label: 'p99 (ms)', data: trend.map((point) => (point.p99Us == null ? null : point.p99Us / 1000)), borderColor: COLORS[1], yAxisID: 'y1' })
      scales.y1 = { type: 'logarithmic', position: 'right', grid: { drawOnChartArea: false } }
    }
    chart(parent, title || 'trend over the baseline window', { type: 'line', data: { labels: trend.map((point) => point.label), datasets }, options: { scales } })
  }

  function consumeChart (parent, consume) {
    chart(parent, 'fetch MB/s and group join time per trial', {
      type: 'bar',
      data: {
        labels: consume.fetchMbPerSec.map((_, index) => `trial ${index + 1}`),
        datasets: [
          { label: 'fetch MB/s', data: consume.fetchMbPerSec, backgroundColor: COLORS[0], yAxisID: 'y' },
          { label: 'join (rebalance) ms', data: consume.rebalanceTimeMs, backgroundColor: COLORS[4], yAxisID: 'y1' },
        ],
      },
      options: { scales: { y: { beginAtZero: true }, y1: { beginAtZero: true, position: 'right', grid: { drawOnChartArea: false } } } },
    })
  }

  // A fault scenario: acknowledgements per bucket through each trial, the failover a dip to zero,
  // the slowest acknowledgement per bucket on the right axis; the stop and restart in the title.
  function failoverChart (parent, failover) {
    const bucket = failover[0].bucketMs || 100
    const longest = Math.max(...failover.map((trial) => (trial.acks || []).length))
    const labels = Array.from({ length: longest }, (_, index) => ((index * bucket) / 1000).toFixed(1))
    const datasets = []
    failover.forEach((trial, index) => {
      datasets.push({ label: `trial ${trial.trial}: acks per ${bucket} ms`, data: trial.acks, borderColor: COLORS[index % COLORS.length], pointRadius: 0, borderWidth: 1, yAxisID: 'y' })
      datasets.push({ label: `trial ${trial.trial}: slowest ack (ms)`, data: (trial.maxLatencyUs || []).map((us) => (us > 0 ? us / 1000 : null)), borderColor: COLORS[index % COLORS.length], borderDash: [4, 3], pointRadius: 0, borderWidth: 1, yAxisID: 'y1' })
    })
    const first = failover[0]
    const seconds = (ms) => (ms / 1000).toFixed(1)
    // A pause or a partition (Trogdor's ProcessStopFault, NetworkPartitionFault) is recorded as seen: in effect, then over.
    const seen = { 'pause-broker': ['paused', 'seen frozen'], 'partition-broker': ['cut off from its peers', 'its DROP rules seen'] }[first.action]
    const when = seen
      ? `broker ${first.brokerId} ${seen[0]} at ${seconds(first.stopMs)} s, ${seen[1]} from ${seconds(first.stoppedMs)} s to ${seconds(first.restartMs)} s`
      : `broker ${first.brokerId} stopped at ${seconds(first.stopMs)} s` + (first.restartMs >= 0 ? `, back at ${seconds(first.restartMs)} s` : '')
    chart(parent, `failover timeline (${when})`, {
      type: 'line',
      data: { labels, datasets },
      options: { scales: { x: { title: { display: true, text: 's into the trial' } }, y: { beginAtZero: true }, y1: { type: 'logarithmic', position: 'right', grid: { drawOnChartArea: false } } } },
    })
    // The ISR around the stopped broker, as the controller changed it: the shrink and the expand.
    const isr = (trial) => (trial.isrChanges || []).length === 0 ? ''
      : `; ISR of partition ${trial.isrChanges[0].partition}: [${(trial.isrBefore || []).join(', ')}]` +
        trial.isrChanges.map((change) => ` → [${(change.isr || []).join(', ')}] at ${seconds(change.atMs)} s`).join('')
    parent.append(el('pre', 'lines', failover.map((trial) => `trial ${trial.trial}: longest gap between acks ${trial.maxAckGapMs} ms; ` +
      `${trial.acked} acked, ${trial.refused} refused, ${trial.lost} lost, ${trial.duplicates} duplicated` + isr(trial)).join('\n')))
  }

  // Paired mode: each metric's windows (or trials, or a component's duel halves) at their place in the run order, base
  // against head; a second measurement's follow on the same chart, numbered on, so that each metric has one chart.
  function pairedCharts (parent, paired, second, label,
    metrics = ['throughput', 'p99Us', 'serviceP99Us', 'cpuNsPerRecord', 'allocBytesPerRecord', 'ioAllocBytesPerRecord', 'brokerCpuNsPerRecord'], unit = 'trial') {
    const order = String(paired.order || '')
    const secondOrder = second ? String(second.order || '') : ''
    const at = (text, letter, offset) => [...text].map((side, index) => (side === letter ? offset + index + 1 : null)).filter((x) => x !== null)
    const points = (positions, values) => values.map((value, index) => ({ x: positions[index], y: value }))
    for (const metric of metrics) {
      const base = (paired.base || {})[metric]
      const head = (paired.head || {})[metric]
      if (!Array.isArray(base) || !Array.isArray(head)) continue
      const datasets = [
        { label: 'base (A)', data: points(at(order, 'A', 0), base), borderColor: '#57606a', backgroundColor: '#57606a', showLine: false, pointRadius: 5 },
        { label: 'head (B)', data: points(at(order, 'B', 0), head), borderColor: COLORS[0], backgroundColor: COLORS[0], showLine: false, pointRadius: 5, pointStyle: 'triangle' },
      ]
      const base2 = second ? (second.base || {})[metric] : null
      const head2 = second ? (second.head || {})[metric] : null
      if (Array.isArray(base2) && Array.isArray(head2)) {
        datasets.push(
          { label: 'base, second measurement', data: points(at(secondOrder, 'A', order.length), base2), borderColor: '#8c959f', backgroundColor: '#8c959f', showLine: false, pointRadius: 4 },
          { label: 'head, second measurement', data: points(at(secondOrder, 'B', order.length), head2), borderColor: COLORS[1], backgroundColor: COLORS[1], showLine: false, pointRadius: 4, pointStyle: 'triangle' })
      }
      chart(parent, `${label}${metric} per ${unit}, base (A) against head (B)`, {
        type: 'line',
        data: { datasets },
        options: { parsing: false, scales: { x: { type: 'linear', min: 1, title: { display: true, text: `${unit} in run order (${order}${secondOrder ? ` then ${secondOrder}` : ''})` } }, y: { beginAtZero: metric === 'throughput' } } },
      })
    }
  }

  // Paired mode: the clients' own metrics (kafka-clients' names), each side's median: what explains a diff; not judged.
  function clientMetricsTable (metrics, heading = 'client metric (not judged)', css = 'client-metrics') {
    const table = el('table', css)
    table.append(el('tr', null, el('th', null, heading), el('th', null, 'base'), el('th', null, 'head')))
    const show = (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '—')
    for (const [name, pair] of Object.entries(metrics)) {
      table.append(el('tr', null, el('td', null, name), el('td', null, show((pair || {}).base)), el('td', null, show((pair || {}).head))))
    }
    return table
  }

  function brokerTrialsTable (figures) {
    const table = el('table', 'broker-trials')
    const trials = Math.max(0, ...Object.values(figures).map((values) => (Array.isArray(values) ? values.length : 0)))
    table.append(el('tr', null, el('th', null, 'broker, per trial (JMX; not judged)'),
      ...Array.from({ length: trials }, (_, i) => el('th', null, `trial ${i + 1}`))))
    const show = (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '—')
    for (const [name, values] of Object.entries(figures)) {
      const row = Array.isArray(values) ? values : []
      table.append(el('tr', null, el('td', null, name), ...Array.from({ length: trials }, (_, i) => el('td', null, show(row[i])))))
    }
    return table
  }

  // A trogdor scenario: one row per agent (the run's figures are theirs added up), then the broker's count of the run.
  function trogdorTables (trogdor) {
    const show = (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '—')
    const rows = Array.isArray(trogdor.perAgent) ? trogdor.perAgent : []
    // An end-to-end run's agents also read their own records back: their send-to-read p99.
    const endToEnd = rows.some((row) => row.endToEndP99Us != null)
    const agents = el('table', 'trogdor-agents')
    agents.append(el('tr', null, ...['Trogdor agent', 'records', 'records/s (median trial)', 'p99 µs',
      ...(endToEnd ? ['end-to-end p99 µs'] : []), 'CPU ns/record', 'B/record'].map((heading) => el('th', null, heading))))
    for (const row of rows) {
      agents.append(el('tr', null, el('td', null, String(row.agent)), ...[row.records, row.medianRecordsPerSec, row.p99Us,
        ...(endToEnd ? [row.endToEndP99Us] : []), row.medianCpuNsPerRecord, row.medianAllocBytesPerRecord]
        .map((value) => el('td', null, show(value)))))
    }
    const tables = [el('div', 'note', `Trogdor coordinator ${trogdor.coordinator}, ${trogdor.agents} agents`), agents]
    if (trogdor.brokerSide && typeof trogdor.brokerSide === 'object') {
      const broker = el('table', 'broker-metrics')
      broker.append(el('tr', null, el('th', null, 'broker, whole run (JMX; not judged)'), el('th', null, 'value')))
      for (const [name, value] of Object.entries(trogdor.brokerSide)) broker.append(el('tr', null, el('td', null, name), el('td', null, show(value))))
      tables.push(broker)
    }
    return tables
  }

  function settingsBlock (settings) {
    const block = el('div', 'settings')
    const add = (prefix, object) => {
      for (const [key, value] of Object.entries(object || {})) {
        if (value !== null && typeof value === 'object') add(`${prefix}${key}.`, value)
        else block.append(el('div', null, `${prefix}${key}=${value}`))
      }
    }
    add('', settings)
    return block
  }

  // Where a component's regression went (the profiling duel after the verdict): the two tables, and a
  // differential flame graph whose boxes are as wide as the head's share and coloured by the change
  // from the base: red took more of the head's time, blue less. Frame names are the head's: text only.
  function whereItWent (parent, label, went, flame, per = 'call') {
    const box = el('div', 'where-it-went')
    box.dataset.component = label
    box.append(el('h3', null, `where it went: ${label} (${per === 'record' ? 'a few more windows of each worker' : 'a profiling duel'} after the verdict; JFR; never judged)`))
    const pct = (value) => typeof value === 'number' && isFinite(value) ? `${value.toFixed(1)}%` : '—'
    const table = (head, rows) => {
      const t = el('table', 'client-metrics', el('tr', null, ...head.map((cell) => el('th', null, cell))))
      for (const row of rows) t.append(el('tr', null, ...row.map((cell) => el('td', null, cell))))
      return t
    }
    const cpu = Array.isArray(went.cpu) ? went.cpu : []
    const samples = went.samples || {}
    const gained = (value) => typeof value === 'number' && isFinite(value) ? `${value >= 0 ? '+' : ''}${value.toFixed(1)}%` : '—'
    box.append(table([`CPU frame (${samples.base} base, ${samples.head} head samples)`, 'self, base → head', 'total, base → head', `gained per ${per} (of the base's)`],
      cpu.map((row) => [`${row.frame}${row.new ? ' (new)' : ''}`, `${pct(row.selfBase)} → ${pct(row.selfHead)}`, `${pct(row.totalBase)} → ${pct(row.totalHead)}`, gained(row.gainedOfBase)])))
    const sites = Array.isArray(went.allocation) ? went.allocation : []
    box.append(table(['allocation: type in frame', 'share, base → head', `gained per ${per} (of the base's)`],
      sites.map((row) => [`${row.site}${row.new ? ' (new)' : ''}`, `${pct(row.base)} → ${pct(row.head)}`, gained(row.gainedOfBase)])))
    if (flame) box.append(flameGraph(flame))
    parent.append(box)
  }

  function flameGraph (tree) {
    const graph = el('div', 'flame')
    const rows = []
    const ROW = 17
    let boxes = 0
    const place = (node, depth, left) => {
      const width = node.h
      if (width > 0 && boxes < 2000) {
        const change = node.h - node.b
        const strength = Math.min(1, Math.abs(change) * 10)
        const box = el('div', node.b === 0 ? 'frame new' : 'frame', node.n)
        box.style.left = `${left * 100}%`
        box.style.width = `${width * 100}%`
        box.style.top = `${depth * ROW}px`
        box.style.background = change >= 0 ? `rgba(207, 34, 46, ${0.15 + 0.75 * strength})` : `rgba(9, 105, 218, ${0.15 + 0.75 * strength})`
        box.title = `${node.n}\nbase ${(node.b * 100).toFixed(1)}% → head ${(node.h * 100).toFixed(1)}%${node.b === 0 ? ' (new)' : ''}`
        graph.append(box)
        boxes++
        rows[depth] = true
      }
      let offset = left
      for (const child of node.c || []) {
        place(child, depth + 1, offset)
        offset += child.h
      }
    }
    place(tree, 0, 0)
    graph.style.height = `${rows.length * ROW + 4}px`
    graph.dataset.boxes = String(boxes)
    return el('div', null, el('div', 'note', 'Differential flame graph: width is the head\'s share of its CPU samples; red took more of the head\'s time than of the base\'s, blue less. Hover a box for its shares.'), graph)
  }

  function scenarioSection (scenario) {
    const section = el('section')
    section.dataset.scenario = scenario.name
    section.append(el('h2', null, scenario.name, ' ', el('span', `verdict ${scenario.outcome === 'passed' ? scenario.verdict : scenario.outcome}`,
      scenario.outcome === 'passed' ? scenario.verdict : scenario.outcome)))
    if (scenario.message) section.append(el('div', 'note', scenario.message))
    if (scenario.changes && scenario.changes.length > 0) {
      section.append(el('div', 'note changes', `Judged with the change: ${scenario.changes.join(', ')}`))
    }
    // One line per metric, its final word, what decided first (ScenarioPage orders them).
    const lines = scenario.lines
    if (lines.length > 0) section.append(el('pre', 'lines', lines.join('\n')))
    const grid = el('div', 'grid')
    if (scenario.spectra && scenario.spectra.length > 0) percentileChart(grid, scenario.spectra)
    if (scenario.throughput) throughputChart(grid, scenario.throughput)
    if (scenario.trend && scenario.trend.length > 1) trendChart(grid, scenario.trend, scenario.trendTitle)
    if (scenario.consume) consumeChart(grid, scenario.consume)
    if (scenario.failover && scenario.failover.length > 0) failoverChart(grid, scenario.failover)
    // Components first: measured first, and exact.
    const components = scenario.paired && scenario.paired.components && typeof scenario.paired.components === 'object' ? scenario.paired.components : {}
    for (const [component, measured] of Object.entries(components)) {
      if (measured && measured.trials) pairedCharts(grid, measured.trials, measured.confirmationTrials, `${component}: `, ['cpuNsPerOp', 'bytesPerOp'], 'duel half')
    }
    const stalls = scenario.paired && scenario.paired.trials && scenario.paired.trials.stalls
    if (scenario.paired && scenario.paired.trials) {
      const unit = ((data.header || {}).mode || {}).design === 'windows' ? 'window' : 'trial'
      pairedCharts(grid, scenario.paired.trials, scenario.paired.confirmationTrials, '', undefined, unit)
      // The stalls beside the p99 (the side's GC pauses, the machine's steal): what moves a window's p99 without the team's code.
      if (stalls) pairedCharts(grid, stalls, (scenario.paired.confirmationTrials || {}).stalls, 'stalls: ', ['gcPauseMillis', 'stealMillis'], unit)
    }
    section.append(grid)
    for (const [component, measured] of Object.entries(components)) {
      if (measured && measured.whereItWent && typeof measured.whereItWent === 'object') {
        whereItWent(section, component, measured.whereItWent, (scenario.flames || {})[component])
      }
    }
    if (scenario.paired && scenario.paired.whereItWent && typeof scenario.paired.whereItWent === 'object') {
      whereItWent(section, 'the whole client', scenario.paired.whereItWent, (scenario.flames || {})['the whole client'], 'record')
    }
    if (stalls && stalls.line) section.append(el('pre', 'lines stalls', `stalls (not judged): ${stalls.line}`))
    // Step changes across nightlies (E-Divisive means): flagged ones first, each with the commit to bisect from.
    const steps = Array.isArray(scenario.steps) ? scenario.steps : []
    if (steps.length > 0) {
      const ordered = [...steps.filter((step) => step.flagged), ...steps.filter((step) => !step.flagged)]
      section.append(el('pre', 'lines steps', ordered.map((step) => `${step.flagged ? 'STEP CHANGE' : 'change point (not flagged)'}: ${step.line}`).join('\n')))
    }
    if (scenario.paired && scenario.paired.trials && scenario.paired.trials.clientMetrics) {
      section.append(clientMetricsTable(scenario.paired.trials.clientMetrics))
    }
    // The broker's side of each trial, from its JMX: what it received and how long requests took inside it.
    if (scenario.paired && scenario.paired.trials && scenario.paired.trials.brokerMetrics) {
      section.append(clientMetricsTable(scenario.paired.trials.brokerMetrics, 'broker, per trial (JMX; not judged)', 'broker-metrics'))
    }
    // Stored mode: the broker's side of each trial (JMX), a row per figure and a column per trial.
    if (scenario.brokerTrials) section.append(brokerTrialsTable(scenario.brokerTrials))
    if (scenario.trogdor) section.append(...trogdorTables(scenario.trogdor))
    // Why a component of the team's has no verdict (nothing it can reach changed, new in the head, ...).
    const notes = scenario.paired && Array.isArray(scenario.paired.componentNotes) ? scenario.paired.componentNotes : []
    if (notes.length > 0) {
      section.append(el('pre', 'lines component-notes', notes.filter((note) => typeof note === 'string').map((note) => `no verdict: ${note}`).join('\n')))
    }
    // The team's RecordSource, measured alone for the reader: reported, never a verdict.
    const reported = scenario.paired && Array.isArray(scenario.paired.reported) ? scenario.paired.reported : []
    if (reported.length > 0) {
      section.append(el('pre', 'lines reported', reported.map((entry) => `reported: ${(entry || {}).line}`).join('\n')))
    }
    if (scenario.settings) {
      section.append(el('h3', null, 'settings'))
      section.append(settingsBlock(scenario.settings))
    }
    root.append(section)
  }

  function sweepSection (sweep) {
    const section = el('section')
    section.dataset.sweep = sweep.sweep
    section.append(el('h2', null, `sweep ${sweep.sweep}: ${sweep.parameter}`))
    const best = [sweep.bestThroughput == null ? null : `best throughput at ${sweep.bestThroughput}`, `best p99 at ${sweep.bestP99}`].filter(Boolean)
    section.append(el('div', 'facts', best.join(' · ')))
    const points = (field) => sweep.rows.map((row) => ({ x: sweep.logAxis ? Number(row.value) : row.value, y: row[field] ?? null }))
    const isBest = (row, best) => String(row.value) === String(best)
    const grid = el('div', 'grid')
    const xScale = sweep.logAxis ? { type: 'logarithmic', title: { display: true, text: sweep.parameter } } : { type: 'category', labels: sweep.rows.map((row) => row.value), title: { display: true, text: sweep.parameter } }
    const series = (field, baselineField, best, scale, unitLabel) => ({
      type: 'line',
      data: {
        datasets: [
          { label: `this run (${unitLabel})`, data: points(field).map((p) => ({ ...p, y: p.y == null ? null : p.y / scale })), borderColor: COLORS[0],
            pointRadius: sweep.rows.map((row) => (isBest(row, best) ? 8 : 3)), pointStyle: sweep.rows.map((row) => (isBest(row, best) ? 'star' : 'circle')) },
          { label: 'baseline', data: points(baselineField).map((p) => ({ ...p, y: p.y == null ? null : p.y / scale })), borderColor: '#57606a', borderDash: [6, 4] },
        ],
      },
      options: { parsing: { xAxisKey: 'x', yAxisKey: 'y' }, scales: { x: xScale, y: { beginAtZero: true } } },
    })
    chart(grid, `throughput against ${sweep.parameter} (★ best)`, series('throughput', 'baselineThroughput', sweep.bestThroughput, 1, 'records/s'))
    chart(grid, `p99 ${sweep.latency || 'latency'} against ${sweep.parameter} (★ best)`, series('p99Us', 'baselineP99Us', sweep.bestP99, 1000, 'ms'))
    section.append(grid)
    root.append(section)
  }

  window.addEventListener('error', (event) => state.errors.push(String(event.message)))
  header()
  data.scenarios.forEach(scenarioSection)
  data.sweeps.forEach(sweepSection)
  state.done = true
})()

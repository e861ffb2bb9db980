// Bundles src/main.js and its dependencies into dist/index.js, the file action.yml runs.
// @actions/core 3 and @actions/github 9 are ESM-only; the bundle is one ESM file so the runner
// needs no node_modules. `--check` builds to memory and fails when dist/ differs from the
// sources, so a commit cannot change src/ without the dist/ it ships.
import { build } from 'esbuild'
import { readFileSync } from 'node:fs'

const check = process.argv.includes('--check')
const outfile = 'dist/index.js'
const result = await build({
  entryPoints: ['src/main.js'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Some bundled CommonJS code calls require() for Node built-ins; ESM has no require.
  banner: { js: "import { createRequire as __kpgCreateRequire } from 'node:module';\nconst require = __kpgCreateRequire(import.meta.url);" },
  legalComments: 'none',
  outfile,
  write: !check,
  logLevel: 'warning',
})
if (check) {
  const built = result.outputFiles.find((file) => file.path.endsWith(outfile)).text
  let committed = ''
  try {
    committed = readFileSync(outfile, 'utf8')
  } catch {
    // missing dist counts as different
  }
  if (built !== committed) {
    console.error(`${outfile} does not match src/: run 'npm run build' in .github/actions/perf-comment and commit dist/`)
    process.exit(1)
  }
  console.log(`${outfile} matches src/`)
}

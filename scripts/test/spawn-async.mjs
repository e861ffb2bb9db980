// A script run without blocking this process (a fake GitHub API the script calls may answer from
// it), bounded to 30 s, its exit code and output collected. Shared by the node tests here.
import { spawn } from 'node:child_process'

export function spawnAsync(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, options)
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => { stdout += chunk })
    child.stderr.on('data', (chunk) => { stderr += chunk })
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }) })
  })
}

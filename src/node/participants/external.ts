/**
 * External participants: programs that speak the seed's SmartTools participant protocol. They read
 * the discussion markdown on stdin, take `--callout`, `--templates-dir`, `--diagrams-dir` and
 * `--log-file`, and print the answer JSON (`{"comment": ..., "vote": ...}`) on stdout. A persona
 * names one with `command:`, or a `discussion-<alias>` program on PATH stands in for the persona.
 * A project's persona that names a program runs it only once the user trusts the project, as
 * with a project's providers.
 */
import { basename, join } from 'node:path'

import type { Persona } from '../../core/personas/schema.js'
import { ProviderError } from '../../core/providers/port.js'
import type { ProviderRequest, ProviderResult } from '../../core/providers/port.js'
import type { ConfigSource } from '../config/registry.js'
import { createCommandProvider } from '../providers/command-provider.js'
import { splitCommand } from '../providers/split-command.js'
import { untrustedMessage } from '../providers/trust.js'
import { monotonicMs } from '../host.js'
import { findProgram } from '../providers/which.js'

export type ExternalProgram = { argv: string[] } | { problem: string }

export interface ExternalLookup {
  persona: Persona
  source: ConfigSource
  env: NodeJS.ProcessEnv
  cwd: string
  projectRoot: string | null
  projectTrusted: boolean
}

/** The program that answers for this persona, a reason it may not run, or null (none: use a provider). */
export function externalProgram(lookup: ExternalLookup): ExternalProgram | null {
  const { persona } = lookup
  if (persona.command !== undefined) {
    if (lookup.source === 'project' && !lookup.projectTrusted)
      return { problem: `${persona.name}'s program ${untrustedMessage(lookup.projectRoot ?? '')}` }
    let argv: string[]
    try {
      argv = splitCommand(persona.command, lookup.env)
    } catch (error) {
      return { problem: `${persona.name}'s command: ${(error as Error).message}` }
    }
    const program = findProgram(argv[0] ?? '', lookup.env, lookup.cwd)
    if (!program)
      return {
        problem: `${persona.name}'s program "${argv[0] ?? ''}" was not found; install it or fix \`command:\` in its persona file`,
      }
    return { argv: [program, ...argv.slice(1)] }
  }
  const program = findProgram(`discussion-${persona.alias}`, lookup.env, lookup.cwd)
  return program ? { argv: [program] } : null
}

export interface ExternalCall {
  argv: readonly string[]
  discussion: string
  templatesDir: string
  diagramsDir: string
  logFile: string
  env: NodeJS.ProcessEnv
}

/** Runs the program once, with the protocol's arguments, as a command provider runs its CLI. */
export async function callExternal(
  call: ExternalCall,
  request: ProviderRequest,
): Promise<ProviderResult> {
  const name = basename(call.argv[0] ?? 'participant')
  const callout = request.callout ?? ''
  const argv = [
    ...call.argv,
    ...(callout !== '' ? ['--callout', callout] : []),
    '--templates-dir',
    call.templatesDir,
    '--diagrams-dir',
    call.diagramsDir,
    '--log-file',
    call.logFile,
  ]
  const provider = createCommandProvider({ name, argv, envNames: [], parentEnv: call.env })
  const started = monotonicMs()
  try {
    const completion = await provider.complete({ ...request, prompt: call.discussion })
    return {
      text: completion.text,
      provider: name,
      durationMs: monotonicMs() - started,
      usage: completion.usage,
      costUsd: null,
      attempts: [{ provider: name, ok: true, error: null, durationMs: monotonicMs() - started }],
    }
  } catch (error) {
    if (error instanceof ProviderError) throw error
    throw new ProviderError('exit', `${name}: ${(error as Error).message}`)
  }
}

/** Where a participant program may write its log: one file per alias in the state folder. */
export function participantLogFile(stateDir: string, alias: string): string {
  return join(stateDir, 'participants', `${alias}.log`)
}

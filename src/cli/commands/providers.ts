import { InvalidArgumentError } from '@commander-js/extra-typings'
import type { Command } from '@commander-js/extra-typings'

import { completeWithFallback, ProviderChainError } from '../../core/providers/fallback.js'
import { unknownProviderError } from '../../core/providers/known-provider.js'
import type { ProviderResult } from '../../core/providers/port.js'
import { formatCost } from '../../core/providers/usage.js'
import {
  describeEntry,
  findProjectRoot,
  detectedYaml,
  detectProviders,
  entryYaml,
  loadProviders,
  providerStatuses,
  revokeTrust,
  setupHints,
  trustProject,
  userConfigDir,
  monotonicMs,
} from '../../node/engine/index.js'
import type {
  DetectedProvider,
  LoadedProviders,
  ProviderEntry,
  Usability,
} from '../../node/engine/index.js'
import { shownPath, writeProblems } from '../config-output.js'
import { CliError, EXIT } from '../errors.js'
import type { CliIO } from '../io.js'
import { writeJson } from '../io.js'
import { formatTable } from '../table.js'

const TEST_PROMPT = 'Reply with one short sentence: say hello and name the model you are.'

function parseSeconds(value: string): number {
  const number = Number(value)
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0) {
    throw new InvalidArgumentError(`"${value}" is not a number of seconds (for example 30).`)
  }
  return number
}

/** The providers for the working folder; the environment is read here, at the command. */
function providersFor(io: CliIO): Promise<LoadedProviders> {
  return loadProviders({ cwd: io.cwd, env: io.env })
}

function sourceLabel(entry: ProviderEntry): string {
  if (entry.source === 'project' && !entry.trusted) return 'project (untrusted)'
  if (!entry.active) return `${entry.source} (replaced)`
  return entry.source
}

function usableLabel(usability: Usability): string {
  return usability.usable === null ? '?' : usability.usable ? 'yes' : 'no'
}

function writeFound(io: CliIO, detected: readonly DetectedProvider[]): void {
  const width = Math.max(...detected.map((item) => item.name.length))
  const lines = detected.map((item) => `  ${item.name.padEnd(width)}  ${item.found}`)
  io.stdout.write(`${lines.join('\n')}\n`)
}

/**
 * What this machine has, as YAML to paste: a whole file when there is none yet, else entries to
 * add under `providers:` (a file that exists, even a broken one, is the user's, never replaced).
 */
function writeSuggestion(
  io: CliIO,
  loaded: LoadedProviders,
  detected: readonly DetectedProvider[],
): void {
  const file = shownPath(loaded.userFile, io.cwd)
  if (!loaded.userFileExists) {
    io.stdout.write(
      `\nTo use them, save this as ${file} (keep the ones you want):\n\n${detectedYaml(detected).trimEnd()}\n`,
    )
    return
  }
  io.stdout.write(`\nTo use one, add its entry under \`providers:\` in ${file}:\n`)
  for (const item of detected) {
    io.stdout.write(`\n# ${item.name} (${item.type})\n${entryYaml(item).trimEnd()}\n`)
  }
}

function writeNothingConfigured(
  io: CliIO,
  loaded: LoadedProviders,
  detected: readonly DetectedProvider[],
): void {
  const looked = [`${shownPath(loaded.userFile, io.cwd)} (yours)`]
  if (loaded.projectFile) looked.push(`${shownPath(loaded.projectFile, io.cwd)} (this project's)`)
  const lines =
    loaded.fileProblems.length > 0
      ? [
          '',
          'No provider could be read from providers.yaml (see the warnings above).',
          'Until it is fixed, turns stop with its first problem instead of using the demo provider',
          '(which still answers when asked by name: --provider demo).',
          '',
        ]
      : [
          '',
          `No providers configured yet (looked for ${looked.join(' and ')}).`,
          'Until you add one, discussions use the built-in demo provider: offline canned answers,',
          'marked as such in every comment, for trying the app.',
          '',
        ]
  if (detected.length === 0) {
    lines.push(
      `Nothing found on this machine: ${setupHints().join(', or ')};`,
      `then describe the provider in ${shownPath(loaded.userFile, io.cwd)} (see docs/providers.md).`,
    )
    io.stdout.write(`${lines.join('\n')}\n`)
    return
  }
  io.stdout.write(`${lines.join('\n')}\nFound on this machine:\n`)
  writeFound(io, detected)
  writeSuggestion(io, loaded, detected)
  io.stdout.write(
    '\nThen check them with `discussions providers list` and try one with\n`discussions providers test NAME`.\n',
  )
}

async function listProviders(io: CliIO, options: { json?: true; offline?: true }): Promise<void> {
  const env = io.env
  const loaded = await providersFor(io)
  const statuses = await providerStatuses(loaded.entries, { env, probe: !options.offline })
  const configuredNames = new Set(loaded.entries.map((entry) => entry.name))
  // What this machine has that no entry is named for yet: ready to paste.
  const detected = (await detectProviders({ env, probe: !options.offline })).filter(
    (item) => !configuredNames.has(item.name),
  )
  const usingDemo = loaded.available.get(loaded.defaultName)?.kind === 'demo'
  if (options.json) {
    writeJson(io, {
      providers: statuses.map(({ kind, why, ...status }) => ({
        ...status,
        type: kind,
        why: why === '' ? null : why,
      })),
      default: loaded.defaultName,
      fallback: loaded.fallback,
      usingDemo,
      problems: loaded.problems.map((problem) => problem.messageFrom(io.cwd)),
      detected: detected.map((item) => ({
        name: item.name,
        type: item.type,
        found: item.found,
        entry: item.entry,
        yaml: entryYaml(item),
      })),
      // A whole file only where there is none: an existing file is added to, never replaced.
      suggestedYaml: detected.length > 0 && !loaded.userFileExists ? detectedYaml(detected) : null,
    })
    return
  }
  writeProblems(io, loaded.problems)
  const rows = loaded.entries.map((entry, index) => [
    entry.name,
    entry.kind,
    usableLabel(statuses[index] ?? { usable: null, why: '' }),
    sourceLabel(entry),
    statuses[index]?.why ?? '',
  ])
  io.stdout.write(formatTable(['NAME', 'TYPE', 'USABLE', 'SOURCE', 'DETAILS'], rows))
  const fallback = loaded.fallback.length > 0 ? loaded.fallback.join(', ') : 'none'
  io.stdout.write(`\nDefault: ${loaded.defaultName}. Fallback: ${fallback}.\n`)
  const defaultIndex = loaded.entries.findIndex(
    (entry) => entry.name === loaded.defaultName && entry.active,
  )
  if (statuses[defaultIndex]?.usable === false && loaded.fallback.length > 0) {
    io.stdout.write(
      `The default is not usable now, so calls go on to the fallback (${fallback}) unless a persona names another.\n`,
    )
  }
  if (!loaded.configured) {
    writeNothingConfigured(io, loaded, detected)
    return
  }
  if (usingDemo) {
    io.stdout.write(
      'The default is the demo provider: answers are canned, not from a model. Set providers.default in discussions.yaml.\n',
    )
  }
  if (detected.length > 0) {
    io.stdout.write('\nAlso found on this machine:\n')
    writeFound(io, detected)
    writeSuggestion(io, loaded, detected)
  }
}

function tokensLine(result: ProviderResult): string {
  const { inputTokens, outputTokens, estimated } = result.usage
  const cost =
    result.costUsd === null
      ? 'cost unknown (no prices in providers.yaml)'
      : `cost ${formatCost(result.costUsd)}`
  return `${inputTokens} tokens in, ${outputTokens} out${estimated ? ' (estimated)' : ''}, ${cost}`
}

async function testProvider(
  io: CliIO,
  name: string,
  options: { prompt?: string; timeout?: number },
): Promise<void> {
  const loaded = await providersFor(io)
  writeProblems(io, loaded.problems)
  const provider = loaded.available.get(name)
  const entry = loaded.entries.find((item) => item.name === name && item.active)
  const unknown = unknownProviderError(name, loaded.available.keys())
  if (unknown) throw new CliError(unknown.message)
  if (!provider || !entry) throw new CliError(`"${name}" is not an active provider entry.`)
  const what =
    entry.kind === 'demo' ? describeEntry(entry) : `${entry.kind}: ${describeEntry(entry)}`
  io.stdout.write(`Asking ${name} (${what}) ...\n\n`)
  const controller = new AbortController()
  const onInterrupt = (): void => controller.abort()
  process.once('SIGINT', onInterrupt)
  let streamed = ''
  let result: ProviderResult
  try {
    result = await completeWithFallback(
      [provider],
      {
        prompt: options.prompt ?? TEST_PROMPT,
        signal: controller.signal,
        ...(options.timeout !== undefined ? { timeoutMs: options.timeout * 1000 } : {}),
        onText: (delta) => {
          streamed += delta
          io.stdout.write(delta)
        },
      },
      monotonicMs,
    )
  } catch (error) {
    if (streamed !== '' && !streamed.endsWith('\n')) io.stdout.write('\n')
    if (error instanceof ProviderChainError && error.reason === 'cancelled') {
      throw new CliError('cancelled', EXIT.cancelled)
    }
    const message = error instanceof Error ? error.message : String(error)
    const took = error instanceof ProviderChainError ? error.attempts[0]?.durationMs : undefined
    // How long it took matters for a slow failure, not for a missing program.
    const after = took === undefined || took < 1000 ? '' : ` (after ${(took / 1000).toFixed(1)} s)`
    throw new CliError(`${message}${after}`, EXIT.negative)
  } finally {
    process.removeListener('SIGINT', onInterrupt)
  }
  if (streamed === '') io.stdout.write(result.text)
  const shown = streamed === '' ? result.text : streamed
  if (!shown.endsWith('\n')) io.stdout.write('\n')
  io.stdout.write(
    `\nanswered by ${result.provider}${result.model ? ` (${result.model})` : ''} in ${(result.durationMs / 1000).toFixed(1)} s: ${tokensLine(result)}\n`,
  )
}

async function trustCommand(io: CliIO, options: { revoke?: true }): Promise<void> {
  const root = findProjectRoot(io.cwd)
  if (!root) {
    throw new CliError(
      `not inside a project: no discussions.yaml or .git in ${io.cwd} or any folder above it`,
    )
  }
  const configDir = userConfigDir(io.env)
  if (options.revoke) {
    const changed = await revokeTrust(root, configDir)
    io.stdout.write(
      changed
        ? `No longer trusting ${root}: its providers.yaml will not run programs or use your keys.\n`
        : `${root} was not trusted.\n`,
    )
    return
  }
  const changed = await trustProject(root, configDir)
  io.stdout.write(
    changed
      ? `Trusted ${root}: its providers.yaml may now run programs and use your keys.\n`
      : `${root} is already trusted.\n`,
  )
  const loaded = await providersFor(io)
  const own = loaded.entries.filter((entry) => entry.source === 'project')
  if (own.length === 0) {
    io.stdout.write('It has no providers of its own (no providers.yaml beside discussions.yaml).\n')
    return
  }
  io.stdout.write('Its providers:\n')
  for (const entry of own)
    io.stdout.write(`  ${entry.name} (${entry.kind}): ${describeEntry(entry)}\n`)
  io.stdout.write('Run `discussions trust --revoke` here to undo.\n')
}

export function registerProviders(program: Command, io: CliIO): void {
  const providers = program
    .command('providers')
    .description('The AI providers personas answer through: list them, check them, try one.')

  providers
    .command('list')
    .description(
      'List the providers, whether each is usable now and why; with none configured, what this machine has.',
    )
    .option('--json', 'print the providers as JSON')
    .option('--offline', 'do not contact any endpoint (no Ollama or API probes)')
    .action((options) => listProviders(io, options))

  providers
    .command('test')
    .description('Send a short prompt to one provider and show the answer, time, tokens and cost.')
    .argument('<name>', 'the provider, as named in providers.yaml (or demo)')
    .option('--prompt <text>', 'what to ask instead of the short default')
    .option('--timeout <seconds>', 'give up after this many seconds', parseSeconds)
    .action((name, options) => testProvider(io, name, options))

  program
    .command('trust')
    .description(
      "Allow this project's own providers.yaml to run its programs and use your keys (once per project).",
    )
    .option('--revoke', 'stop trusting this project')
    .action((options) => trustCommand(io, options))
}

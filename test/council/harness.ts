/**
 * A council on the real file store and the bundled role personas and prompt templates, answered
 * by an in-process scripted provider that logs every call (label, prompt, start and end) in order.
 */
import { join } from 'node:path'

import { renderCouncilDiscussion } from '../../src/core/council/council-file.js'
import { resolveCouncilOptions } from '../../src/core/council/modes.js'
import type { CouncilOptionsInput } from '../../src/core/council/modes.js'
import type { CouncilCall } from '../../src/core/council/plan.js'
import { runCouncil } from '../../src/core/council/run-council.js'
import type { CouncilDeps, CouncilRunResult } from '../../src/core/council/run-council.js'
import type { CouncilEvent } from '../../src/core/council/events.js'
import type { ProviderRequest, ProviderResult } from '../../src/core/providers/port.js'
import { ProviderError } from '../../src/core/providers/port.js'
import { estimateUsage } from '../../src/core/providers/usage.js'
import { packageRoot } from '../../src/node/config/paths.js'
import { loadCouncilAssets } from '../../src/node/council/assets.js'
import { createDurably } from '../../src/node/store/durable-write.js'
import { DiscussionFileStore } from '../../src/node/store/discussion-store.js'
import { tempFolder } from '../support/temp.js'
import { admitText } from '../../src/core/text/text.js'

export interface LoggedCall {
  label: string
  prompt: string
  request: ProviderRequest
}

/** How the scripted provider answers a call: text, or a promise of it (a hang until aborted). */
export type Script = (call: CouncilCall, request: ProviderRequest) => string | Promise<string>

/** Every call gets `ANSWER <label>`, and arbiters a bridge packet whose lines name the label. */
export const defaultScript: Script = (call, request) => {
  if (call.stage === 'ranking') return 'RANKING: A > B'
  const answer = `ANSWER ${call.label}`
  if (call.stage !== 'assessment' || !request.prompt.includes('## Bridge packet')) return answer
  return [
    `SCORES ${call.label}: idea 1 scores 8.`,
    '',
    '## Bridge packet',
    'Shortlist:',
    `- SHORTLIST ${call.label}`,
    'Assumptions:',
    `- ASSUMES ${call.label}`,
    'Risks:',
    `- RISKS ${call.label}`,
    'Asks:',
    `- ASKS ${call.label}`,
  ].join('\n')
}

export async function councilFile(input: CouncilOptionsInput, question = 'Should we X?') {
  const dir = await tempFolder('council-')
  const file = join(dir, 'council.md')
  const options = resolveCouncilOptions(input)
  await createDurably(
    file,
    renderCouncilDiscussion({ options, provider: null, question: admitText(question) }, new Date()),
    dir,
  )
  const store = new DiscussionFileStore({ stateDir: join(dir, '.state') })
  return { dir, file, store, options }
}

/** Runs (or resumes) the council in `file`; `log` gets `start <label>` / `end <label>` lines. */
export async function runScripted(
  setup: { file: string; store: DiscussionFileStore; dir: string },
  options: { script?: Script; signal?: AbortSignal; onEvent?: (event: CouncilEvent) => void } = {},
): Promise<{ result: CouncilRunResult; calls: LoggedCall[]; log: string[] }> {
  const script = options.script ?? defaultScript
  const mode = (await setup.store.read(setup.file)).text.includes('Council-Mode: dp')
    ? 'dp'
    : 'personality'
  const assets = await loadCouncilAssets(
    { project: null, user: join(setup.dir, 'no-user-config'), bundled: packageRoot() },
    mode,
  )
  const calls: LoggedCall[] = []
  const log: string[] = []
  const complete: CouncilDeps['complete'] = async (call, request): Promise<ProviderResult> => {
    calls.push({ label: call.label, prompt: request.prompt, request })
    log.push(`start ${call.label}`)
    // Answer on a later tick, as a real provider would: the calls of a step overlap.
    await new Promise((resolve) => setImmediate(resolve))
    const text = await script(call, request)
    if (request.signal?.aborted) throw new ProviderError('cancelled', 'cancelled')
    log.push(`end ${call.label}`)
    return {
      text,
      provider: 'scripted',
      durationMs: 1,
      usage: estimateUsage(request.prompt, text),
      costUsd: 0.001,
      attempts: [],
    }
  }
  const result = await runCouncil(
    {
      file: setup.file,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    },
    { store: setup.store, persona: assets.persona, template: assets.template, complete },
  )
  return { result, calls, log }
}

/** Waits for the signal to abort, then fails as a cancelled provider does. */
export function hangUntilAborted(request: ProviderRequest): Promise<string> {
  return new Promise((_, reject) => {
    const fail = () => reject(new ProviderError('cancelled', 'cancelled'))
    if (request.signal?.aborted) fail()
    else request.signal?.addEventListener('abort', fail, { once: true })
  })
}

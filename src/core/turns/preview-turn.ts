/**
 * A turn that calls nobody: who would answer and the exact prompt each would get
 * (`discussions turn --show-prompt`). Uses the same plan and prompt builder as `runTurn`.
 */
import type { Selection } from './select.js'
import type { TurnDeps, TurnOptions } from './run-turn.js'
import { planTurn, promptFor, readSnapshot, templateOf } from './turn-plan.js'
import type { Snapshot } from './turn-plan.js'

export interface PromptPreview {
  participant: string
  /** The persona's name; null when no persona has this alias (a human, or a typo). */
  name: string | null
  prompt: string | null
}

export async function previewTurn(
  options: Pick<TurnOptions, 'file' | 'participants' | 'callout' | 'budgetChars'> & {
    /** The discussion as the caller has just read it; absent: read from the store. */
    snapshot?: Snapshot
  },
  deps: Pick<TurnDeps, 'store' | 'persona' | 'template' | 'random'>,
): Promise<{ selection: Selection; prompts: PromptPreview[] }> {
  const snapshot = options.snapshot ?? (await readSnapshot(deps.store, options.file))
  const { phase, selection } = planTurn(snapshot, await templateOf(snapshot, deps), deps, options)
  const prompts = selection.aliases.map((participant): PromptPreview => {
    const persona = deps.persona(participant)
    if (!persona) return { participant, name: null, prompt: null }
    const prompt = promptFor(persona, snapshot, phase, { ...options, random: deps.random })
    return { participant, name: persona.name, prompt }
  })
  return { selection, prompts }
}

/**
 * What a turn is about to do, before anyone is called: the template and phase the discussion is
 * in, who answers, and the prompt each persona gets. `runTurn` and `--show-prompt` share it, so
 * the prompt shown is the prompt sent.
 */
import { describeDiscussion } from '../discussion/describe.js'
import type { DiscussionView } from '../discussion/describe.js'
import type { ParsedDiscussion } from '../format/model.js'
import type { Persona } from '../personas/schema.js'
import { findPhase } from '../templates/phases.js'
import type { Template, TemplatePhase } from '../templates/schema.js'
import { buildPrompt, chooseBoundary } from './prompt.js'
import { selectParticipants } from './select.js'
import type { Selection } from './select.js'

export interface Snapshot {
  text: string
  parsed: ParsedDiscussion
  view: DiscussionView
}

export interface TurnPlan {
  template: Template | null
  phase: TemplatePhase | null
  selection: Selection
}

export async function readSnapshot(
  store: { read(path: string): Promise<{ text: string; parsed: ParsedDiscussion }> },
  file: string,
): Promise<Snapshot> {
  const { text, parsed } = await store.read(file)
  return { text, parsed, view: describeDiscussion(parsed) }
}

/** The template the discussion names (null: it names none, or one that is not known). */
export async function templateOf(
  snapshot: Snapshot,
  named: { template: (name: string) => Promise<Template | undefined> },
): Promise<Template | null> {
  const name = snapshot.view.template
  return name ? ((await named.template(name)) ?? null) : null
}

export function planTurn(
  snapshot: Snapshot,
  template: Template | null,
  named: { persona: (alias: string) => Persona | undefined },
  options: { participants?: readonly string[]; callout?: string },
): TurnPlan {
  const { view } = snapshot
  const phase = template && view.phase ? (findPhase(template, view.phase) ?? null) : null
  const selection = selectParticipants(view, phase, {
    // A mention routes only to a persona: `@startuml` or a person's name asks no one.
    isPersona: (alias) => named.persona(alias) !== undefined,
    ...(options.participants ? { explicit: options.participants } : {}),
    ...(options.callout !== undefined ? { callout: options.callout } : {}),
  })
  return { template, phase, selection }
}

/** The prompt one persona gets for this snapshot, inside a boundary the content cannot forge. */
export function promptFor(
  persona: Persona,
  snapshot: Snapshot,
  phase: TemplatePhase | null,
  options: { callout?: string; budgetChars?: number; random: () => string },
): string {
  return buildPrompt({
    persona,
    phase,
    text: snapshot.text,
    parsed: snapshot.parsed,
    view: snapshot.view,
    callout: options.callout ?? '',
    boundary: chooseBoundary(snapshot.text, options.random),
    ...(options.budgetChars !== undefined ? { budgetChars: options.budgetChars } : {}),
  })
}

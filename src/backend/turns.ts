/**
 * turns:plan, turns:start, turns:cancel. A turn runs in the background: `turns:start` answers
 * with its id at once, and its progress goes to every window as `turns:progress` events. Streamed
 * text is folded to one event per participant every TEXT_EVERY_MS, so a long answer does not
 * flood the socket (each event carries the whole answer so far).
 */
import type { ParticipantEvent, TurnEvent } from '../core/turns/turn-events.js'
import type { TurnResult } from '../core/turns/run-turn.js'
import type { TurnCandidate, TurnOutcome } from '../shared/contract/index.js'
import type { BackendContext, DomainHandlers } from './infra/context.js'
import { BackendError } from './infra/errors.js'
import { errorMessage } from './infra/router.js'

const TEXT_EVERY_MS = 80

interface RunningTurn {
  path: string
  controller: AbortController
}

function outcomeOf(result: TurnResult): TurnOutcome {
  const phase = result.phase
  return {
    cancelled: result.cancelled,
    votes: result.votes,
    usage: result.usage,
    costUsd: result.costUsd,
    budgetStopped: result.budgetStopped,
    phase: phase
      ? { from: phase.from, to: phase.advanceTo, status: phase.status, reason: phase.reason }
      : null,
  }
}

/** Passes events on, holding back text deltas so at most one per participant goes out per tick. */
function textFolder(send: (event: TurnEvent) => void): {
  push: (event: TurnEvent) => void
  flush: () => void
} {
  const pending = new Map<string, ParticipantEvent>()
  let timer: ReturnType<typeof setTimeout> | null = null
  const flush = (): void => {
    if (timer) clearTimeout(timer)
    timer = null
    for (const event of pending.values()) send(event)
    pending.clear()
  }
  return {
    push(event) {
      if (event.type === 'text') {
        pending.set(event.participant, event)
        timer ??= setTimeout(flush, TEXT_EVERY_MS)
        return
      }
      if ('participant' in event) {
        const held = pending.get(event.participant)
        if (held) send(held)
        pending.delete(event.participant)
      }
      send(event)
    },
    flush,
  }
}

export function turnsHandlers({
  workspace,
  engines,
  emit,
}: BackendContext): DomainHandlers<'turns'> {
  const running = new Map<string, RunningTurn>()
  const runningOn = (path: string): string | null =>
    [...running].find(([, turn]) => turn.path === path)?.[0] ?? null

  return {
    handlers: {
      'turns:plan': async ({ path }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        const [loaded, preview, personas, providers] = await Promise.all([
          engine.load(inside.path),
          engine.previewTurn(inside.path),
          engine.personas(),
          engine.providers(),
        ])
        const members = loaded.view.participants.map((alias) => alias.toLowerCase())
        const candidates: TurnCandidate[] = members.map((alias) => {
          const persona = personas.get(alias)?.persona
          return {
            alias: persona?.alias ?? alias,
            name: persona?.name ?? null,
            role: persona?.role ?? null,
            member: true,
          }
        })
        const listed = new Set(candidates.map((candidate) => candidate.alias))
        for (const { persona } of personas.list()) {
          if (listed.has(persona.alias)) continue
          candidates.push({
            alias: persona.alias,
            name: persona.name,
            role: persona.role,
            member: false,
          })
        }
        const available = [...providers.available.keys()]
        return {
          candidates,
          preselected: preview.selection.aliases,
          source: preview.selection.source,
          phase: loaded.view.phase,
          providers: available,
          defaultProvider: providers.defaultName,
          usingDemo: providers.available.get(providers.defaultName)?.kind === 'demo',
          running: runningOn(inside.path),
        }
      },

      'turns:estimate': async ({ path, participants, callout, provider, caps }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        const [estimate, loaded] = await Promise.all([
          engine.estimateTurn(inside.path, {
            ...(participants && participants.length > 0 ? { participants } : {}),
            ...(callout && callout.trim() !== '' ? { callout } : {}),
            ...(provider ? { provider } : {}),
          }),
          engine.load(inside.path),
        ])
        return {
          ...estimate,
          budget: await engine.estimateBudget(estimate, caps ?? {}, loaded.parsed),
        }
      },

      'turns:start': async ({ path, participants, callout, provider, caps }) => {
        const inside = await workspace.resolveInside(path)
        if (runningOn(inside.path))
          throw new BackendError('A turn is already running on this discussion; wait or cancel it.')
        const engine = await engines.for(inside.folder)
        const turnId = crypto.randomUUID()
        const controller = new AbortController()
        const send = (event: TurnEvent): void =>
          emit('turns:progress', { turnId, path: inside.path, kind: 'event', event })
        const folder = textFolder(send)
        // The refusals (a file that is not there or cannot be saved to, an unknown persona) are
        // this request's answer; the discussion itself is read once, by the turn.
        const turn = await engine.prepareTurn(inside.path, {
          ...(participants && participants.length > 0 ? { participants } : {}),
          ...(callout && callout.trim() !== '' ? { callout } : {}),
          ...(provider ? { provider } : {}),
          ...(caps ? { caps } : {}),
          signal: controller.signal,
          // Each answer is journaled by the store as it is appended (see journal-restore.ts).
          onEvent: (event) => folder.push(event),
        })
        if (runningOn(inside.path))
          throw new BackendError('A turn is already running on this discussion; wait or cancel it.')
        running.set(turnId, { path: inside.path, controller })
        void turn
          .run()
          .then(
            (result) => {
              folder.flush()
              emit('turns:progress', {
                turnId,
                path: inside.path,
                kind: 'finished',
                outcome: outcomeOf(result),
              })
            },
            (error: unknown) => {
              folder.flush()
              emit('turns:progress', {
                turnId,
                path: inside.path,
                kind: 'error',
                message: errorMessage(error),
              })
            },
          )
          .finally(() => running.delete(turnId))
        return { turnId }
      },

      'turns:cancel': ({ turnId }) => {
        const turn = running.get(turnId)
        turn?.controller.abort()
        return Promise.resolve({ cancelled: turn !== undefined })
      },
    },

    close: () => {
      for (const turn of running.values()) turn.controller.abort()
    },
  }
}

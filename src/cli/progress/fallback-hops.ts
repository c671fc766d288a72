/**
 * What a fallback chain cost a participant: each provider that failed before the one that
 * answered, why, and the time lost on it, timed here between the turn's events (core keeps no
 * clock). The done line names them: `61.1s via local-openai after ollama (60.0s lost: no answer
 * within 60 s)`, where it used to say only `61.1s via local-openai`.
 */
export interface Hop {
  provider: string
  reason: string
  lostMs: number
}

export class FallbackHops {
  readonly #since = new Map<string, number>()
  readonly #hops = new Map<string, Hop[]>()

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The participant's first provider starts. */
  started(participant: string): void {
    this.#since.set(participant, this.now())
    this.#hops.delete(participant)
  }

  /** `failed` gave up for `reason`; the next provider starts now. */
  retrying(participant: string, failed: string, reason: string): void {
    const now = this.now()
    const since = this.#since.get(participant) ?? now
    const hops = this.#hops.get(participant) ?? []
    hops.push({ provider: failed, reason, lostMs: now - since })
    this.#hops.set(participant, hops)
    this.#since.set(participant, now)
  }

  hopsOf(participant: string): readonly Hop[] {
    return this.#hops.get(participant) ?? []
  }

  /** ` after a (12.0s lost: why), b (3.1s lost: why)`, or '' when the first provider answered. */
  suffix(participant: string): string {
    return formatHops(this.hopsOf(participant))
  }
}

export function formatHops(hops: readonly Hop[]): string {
  if (hops.length === 0) return ''
  const each = hops.map(
    (hop) => `${hop.provider} (${(hop.lostMs / 1000).toFixed(1)}s lost: ${hop.reason})`,
  )
  return ` after ${each.join(', ')}`
}

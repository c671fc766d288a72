/** Streamed text to the windows a few times a second per call, never losing its latest words. */
import type { CouncilEvent } from '../../core/council/events.js'

type TextEvent = Extract<CouncilEvent, { type: 'text' }>

/**
 * Each call's streamed text goes out at most every `ms`, with the text so far; what arrives
 * inside the window is sent when it closes, so a member that pauses mid-answer shows everything
 * it wrote up to the pause.
 */
export class StreamThrottle {
  readonly #last = new Map<string, number>()
  readonly #held = new Map<string, { event: TextEvent; timer: NodeJS.Timeout }>()

  constructor(
    private readonly ms: number,
    private readonly send: (event: TextEvent) => void,
  ) {}

  text(event: TextEvent): void {
    const wait = (this.#last.get(event.label) ?? 0) + this.ms - Date.now()
    const held = this.#held.get(event.label)
    if (wait <= 0 && !held) return this.#sendNow(event)
    if (held) held.event = event
    else
      this.#held.set(event.label, {
        event,
        timer: setTimeout(() => {
          const latest = this.#held.get(event.label)?.event ?? event
          this.#held.delete(event.label)
          this.#sendNow(latest)
        }, wait),
      })
  }

  drop(label: string): void {
    clearTimeout(this.#held.get(label)?.timer)
    this.#held.delete(label)
  }

  dropAll(): void {
    for (const label of [...this.#held.keys()]) this.drop(label)
  }

  #sendNow(event: TextEvent): void {
    this.#last.set(event.label, Date.now())
    this.send(event)
  }
}

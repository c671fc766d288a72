// The attacker of the link-swap race test: swaps FOLDER/NAME between the plain file it is and a
// symbolic link to TARGET, SWAPS times spread evenly over DURATION_MS (with no pause when it runs
// late), racing a writer's check and open. Each swap is two renames, so the name is the file, the
// link, or for a moment nothing; the plain file is never lost and is back at its name at the end.
// Prints "swaps N in MS ms" when done; SIGTERM ends it early, file put back.
// Usage: node --import tsx test/support/link-swapper.ts FOLDER NAME TARGET SWAPS DURATION_MS
import { renameSync, symlinkSync, unlinkSync } from 'node:fs'
import { join } from 'node:path'
import { setImmediate as yieldToSignals } from 'node:timers/promises'

const [folder, name, target, swapsArgument, durationArgument] = process.argv.slice(2)
if (!folder || !name || !target || !swapsArgument || !durationArgument)
  throw new Error('usage: FOLDER NAME TARGET SWAPS DURATION_MS')
const total = Number(swapsArgument)
/** Each swap has its moment on an even schedule; a swap running late waits for nothing. */
const everyMs = Number(durationArgument) / total

const file = join(folder, name)
const aside = join(folder, `.${name}.plain`)
const link = join(folder, `.${name}.link`)
symlinkSync(target, link)

let stopped = false
process.on('SIGTERM', () => (stopped = true))

const clock = new Int32Array(new SharedArrayBuffer(4))
const start = performance.now()
let swaps = 0
const pause = (): void => {
  const ahead = start + swaps * everyMs - performance.now()
  if (ahead > 0) Atomics.wait(clock, 0, 0, ahead)
}

while (swaps < total && !stopped) {
  renameSync(file, aside)
  renameSync(link, file) // the name is the link now
  swaps++
  pause()
  renameSync(file, link)
  renameSync(aside, file) // and the plain file again
  swaps++
  pause()
  if (swaps % 64 === 0) await yieldToSignals()
}
unlinkSync(link)
process.stdout.write(`swaps ${swaps} in ${Math.round(performance.now() - start)} ms\n`)

/**
 * A discussion's view, parsed on a worker thread (parse-worker.ts): a 50 MB file takes seconds to
 * parse, which on the main thread would freeze the screen and every key.
 */
import { Worker } from 'node:worker_threads'

import type { DiscussionView } from '../core/discussion/describe.js'

export interface OffThread<T> {
  result: Promise<T>
  /** Ends the worker; `result` then never settles. */
  cancel: () => void
}

/**
 * The worker's file: beside this one when the sources run (through tsx, which the worker loads
 * too), the bundle's `tui-parse-worker.js` entry when the bundle runs (this module is then in one
 * of the bundle's chunks, a folder below it).
 */
function workerFile(): { url: URL; execArgv: string[] } {
  const here = import.meta.url
  if (here.endsWith('.ts'))
    return {
      url: new URL('./parse-worker.ts', here),
      execArgv: ['--import', import.meta.resolve('tsx/esm')],
    }
  return { url: new URL('../tui-parse-worker.js', here), execArgv: [] }
}

export function describeOffThread(text: string): OffThread<DiscussionView> {
  const { url, execArgv } = workerFile()
  const worker = new Worker(url, { execArgv })
  let settled = false
  const result = new Promise<DiscussionView>((resolve, reject) => {
    worker.once('message', (view: DiscussionView) => {
      settled = true
      resolve(view)
      void worker.terminate()
    })
    worker.once('error', (error) => {
      settled = true
      reject(error)
    })
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The parser stopped (exit code ${code}) before it finished.`))
    })
  })
  // A worker left parsing never keeps the program alive once the person has quit (unref'd after
  // the listeners are added: adding a message listener refs the worker again).
  worker.unref()
  worker.postMessage(text)
  return {
    result,
    cancel: () => {
      settled = true
      void worker.terminate()
    },
  }
}

/**
 * `demo`: offline, persona-flavoured canned answers, for trying the app. Built in as `demo`; an
 * entry of this kind gives it another name.
 */
import { createDemoProvider } from '../../../core/providers/demo.js'
import { sleep as nodeSleep } from '../sleep.js'
import { defineKind } from './kind.js'

export const demoKind = defineKind({
  kind: 'demo',
  fields: ({ fields }) => ({ description: fields.description }),
  description: 'offline canned answers, for trying the app',
  setupHint: '',
  docs: {
    calls: 'nothing: offline canned answers, marked as such, for trying the app',
    needs: 'nothing',
    key: 'none',
    detected: 'always there, as `demo`',
  },
  keyVariables: () => [],
  build(config, context) {
    const provider = {
      ...createDemoProvider({ sleep: context.sleep ?? nodeSleep }),
      name: config.name,
      ...(config.description !== undefined ? { description: config.description } : {}),
    }
    return { provider, argv: null, problem: null }
  },
  probe: () => Promise.resolve({ usable: true, why: 'offline canned answers, for trying the app' }),
  detect: () => Promise.resolve([]),
  describe: () => 'offline canned answers',
})

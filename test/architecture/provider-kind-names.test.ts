// The provider kinds are core's (the node registry compiles against them); the contract keeps its
// own copy for the wire. The two lists name the same kinds in the same order, the order the app
// and the CLI list them in.
import { describe, expect, it } from 'vitest'

import { PROVIDER_KIND_NAMES as CORE_KINDS } from '../../src/core/providers/kind-names.js'
import { PROVIDER_KIND_NAMES as WIRE_KINDS } from '../../src/shared/contract/provider-kinds.js'

describe('the provider kinds', () => {
  it('are the same in core and in the contract', () => {
    expect([...WIRE_KINDS]).toEqual([...CORE_KINDS])
  })
})

/**
 * The `council:` settings of discussions.yaml: which providers the tiers map to. `light` uses
 * `default` for every role, `medium` gives the referee and meta-arbiter `stronger`, `heavy` gives
 * `stronger` to everyone. Unset, a role uses the usual chain (its hint, providers.default, fallback).
 */
import * as z from 'zod'

import { strictObject } from '../config/strict-object.js'

const providerName = z.string().min(1).nullable().default(null)

export const councilSettingsSchema = strictObject({
  /** The provider of default-tier roles; null: the usual chain. */
  default: providerName,
  /** The provider of stronger-tier roles; null: the same as `default`. */
  stronger: providerName,
})

export type CouncilSettings = z.output<typeof councilSettingsSchema>

/**
 * Choosing the default provider from the app: `providers.default` in the user's settings file
 * (`discussions.yaml`, or the seed's `config.yaml` when that is the one in use), edited as a YAML
 * document so the person's comments and other keys stay as they were, checked against the
 * settings schema before it is written, and replaced atomically.
 */
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'

import { parseDocument } from 'yaml'

import { discussionsConfigSchema } from '../../core/config/schema.js'
import { formatIssue, PARSE_OPTIONS } from '../../core/config/issues.js'
import { ensureFolderInside, replaceDurably } from '../store/durable-write.js'
import { ConfigError } from './config-error.js'
import { USER_CONFIG_FILES } from './load-config.js'

async function existing(dir: string): Promise<string | null> {
  for (const name of USER_CONFIG_FILES) {
    try {
      if ((await stat(join(dir, name))).isFile()) return join(dir, name)
    } catch {
      // not this one
    }
  }
  return null
}

/** Sets `providers.default` in the user's settings file in `configDir`; returns the file. */
export async function saveDefaultProvider(configDir: string, name: string): Promise<string> {
  const file = (await existing(configDir)) ?? join(configDir, USER_CONFIG_FILES[0])
  let text = ''
  try {
    text = await readFile(file, 'utf8')
  } catch {
    // a new file
  }
  const doc = parseDocument(text)
  if (doc.errors.length > 0)
    throw new ConfigError('has a YAML error; fix it before choosing a default here', { file })
  doc.setIn(['providers', 'default'], name)
  const checked = discussionsConfigSchema.safeParse(doc.toJS(), PARSE_OPTIONS)
  if (!checked.success) {
    const [issue] = checked.error.issues
    throw new ConfigError(issue ? formatIssue(issue) : 'is not valid', { file })
  }
  await ensureFolderInside(configDir, configDir)
  await replaceDurably(file, doc.toString(), configDir)
  return file
}

/** Role personas and prompt templates are found project -> user -> bundled, like the others. */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { GROUP_ROLES, REFEREE } from '../../src/core/council/roles.js'
import { packageRoot } from '../../src/node/config/paths.js'
import { loadCouncilAssets } from '../../src/node/council/assets.js'
import { writeText } from '../support/files.js'
import { tempFolder } from '../support/temp.js'

describe('council personas and prompt templates', () => {
  it('takes the project’s over the user’s over the bundled ones', async () => {
    const root = await tempFolder('council-assets-')
    const project = join(root, 'project', '.discussions')
    const user = join(root, 'user')
    await writeText(
      join(project, 'personas', 'council', 'referee.yaml'),
      'name: AI-Judge\nalias: council-referee\nrole: Judge\npersonality: You judge for our team.\n',
    )
    await writeText(
      join(user, 'personas', 'council', 'ref.yaml'),
      'name: AI-Other\nalias: council-referee\nrole: R\npersonality: p\n',
    )
    await writeText(join(user, 'prompts', 'council', 'referee.md'), 'USER REFEREE {{question}}')
    await writeText(join(project, 'prompts', 'council', 'arbiter.md'), 'PROJECT ARBITER')

    const personality = await loadCouncilAssets(
      { project, user, bundled: packageRoot() },
      'personality',
    )
    expect(personality.persona(REFEREE)).toMatchObject({
      name: 'AI-Judge',
      alias: 'council-referee',
    })
    expect(personality.sources.personas).toMatchObject({
      'council-referee': 'project',
      'council-skeptic': 'bundled',
    })
    expect(personality.template('referee')).toBe('USER REFEREE {{question}}')
    expect(personality.template('advisor-opening')).toContain('{{persona}}')
    expect(personality.sources.prompts).toMatchObject({ referee: 'user', arbiter: 'project' })

    const dp = await loadCouncilAssets({ project: null, user, bundled: packageRoot() }, 'dp')
    expect(dp.persona(GROUP_ROLES.p.arbiter).name).toBe('AI-P-Arbiter')
    expect(dp.template('arbiter')).toContain('{{bridge_instructions}}')
  })

  it('a broken override is reported with its file, not replaced by the bundled role', async () => {
    const root = await tempFolder('council-assets-')
    const user = join(root, 'user')
    await writeText(
      join(user, 'personas', 'council', 'skeptic.yaml'),
      'name: Skeptic\nalias: council-skeptic\nrole: S\npersonality: p\n',
    )
    await expect(
      loadCouncilAssets({ project: null, user, bundled: packageRoot() }, 'personality'),
    ).rejects.toThrow(/skeptic\.yaml.*must start with "AI-"/)
  })

  it('an override template that cannot be read is reported, not passed over', async () => {
    const root = await tempFolder('council-assets-')
    const user = join(root, 'user')
    await mkdir(join(user, 'prompts', 'council', 'referee.md'), { recursive: true })
    await expect(
      loadCouncilAssets({ project: null, user, bundled: packageRoot() }, 'personality'),
    ).rejects.toThrow(/prompts\/council\/referee\.md.*is a folder, not a prompt template/)
  })
})

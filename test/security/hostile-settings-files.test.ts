/**
 * A cloned repository's settings files are read by every command, through the real bin. A persona,
 * a template or providers.yaml that is a link to a device, a FIFO or a file of many megabytes is
 * reported by name and never read: reading /dev/zero never ends, and opening a FIFO waits for a
 * writer, and either used to hang the command (src/node/files/read-regular-file.ts).
 */
import { execFileSync } from 'node:child_process'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { beforeEach, expect, it } from 'vitest'

import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

let project: string
let env: NodeJS.ProcessEnv

beforeEach(async () => {
  const root = await tempFolder('discussions-hostile-settings-')
  project = join(root, 'project')
  await mkdir(join(project, '.git'), { recursive: true })
  env = {
    DISCUSSIONS_CONFIG_DIR: join(root, 'config'),
    DISCUSSIONS_STATE_DIR: join(root, 'state'),
  }
})

const NOT_PLAIN = 'is not a plain file (a device, a pipe, or a link to one)'

coldThenWarm('settings files that must not be read', () => {
  it('names a persona or template that is a device link, a FIFO or too large, and goes on', async () => {
    const personas = join(project, '.discussions', 'personas')
    const templates = join(project, '.discussions', 'templates')
    await mkdir(personas, { recursive: true })
    await mkdir(templates, { recursive: true })
    await symlink('/dev/zero', join(personas, 'zero.yaml'))
    execFileSync('mkfifo', [join(personas, 'pipe.yaml')])
    await writeFile(join(personas, 'huge.yaml'), `name: ${'x'.repeat(2 * 1024 * 1024)}\n`)
    execFileSync('mkfifo', [join(templates, 'pipe.yaml')])

    const listed = await runDiscussions(['participants', 'list'], { cwd: project, env })
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/^architect\s+AI-Architect\s/m) // the bundled ones still load
    expect(listed.stderr).toContain(`.discussions/personas/zero.yaml: ${NOT_PLAIN}`)
    expect(listed.stderr).toContain(`.discussions/personas/pipe.yaml: ${NOT_PLAIN}`)
    expect(listed.stderr).toMatch(
      /\.discussions\/personas\/huge\.yaml: is 2097159 bytes, more than the 1048576 a file here may have: too large for a settings file/,
    )

    const templatesListed = await runDiscussions(['templates', 'list'], { cwd: project, env })
    expect(templatesListed.code).toBe(0)
    expect(templatesListed.stderr).toContain(`.discussions/templates/pipe.yaml: ${NOT_PLAIN}`)
  })

  it('refuses a providers.yaml that is a FIFO, without falling back to demo', async () => {
    const config = env.DISCUSSIONS_CONFIG_DIR as string
    await mkdir(config, { recursive: true })
    execFileSync('mkfifo', [join(config, 'providers.yaml')])
    const listed = await runDiscussions(['providers', 'list'], { cwd: project, env })
    expect(listed.stderr).toContain(`providers.yaml: ${NOT_PLAIN}`)
    await writeFile(join(project, 'd.md'), '<!-- DISCUSSION -->\n<!-- Title: T -->\n\n# T\n')
    const turn = await runDiscussions(['turn', 'd.md', '@architect'], { cwd: project, env })
    expect(turn.code).toBe(2)
    expect(turn.stderr).toContain(`providers.yaml: ${NOT_PLAIN}`)
  })

  it('reports a discussions.yaml that links to a device, where its settings were ignored', async () => {
    await symlink('/dev/zero', join(project, 'discussions.yaml'))
    const created = await runDiscussions(['new', 'A title'], { cwd: project, env })
    expect(created).toMatchObject({ code: 2, stdout: '' })
    expect(created.stderr).toBe(
      `error: discussions.yaml: ${NOT_PLAIN}; make it a plain YAML file\n`,
    )
  })
})

// The read door's `within`, over generated trees of files, links, links to links and linked
// folders, inside and outside a project: a name is read exactly when the file it really leads to
// is inside the project, and otherwise refused with EOUTSIDE, never read.
import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { tempFolder } from '../../../test/support/temp.js'
import { isInside } from './is-inside.js'
import { NotReadableError, readRegularFile } from './read-regular-file.js'

interface Entry {
  /** Inside the project or outside it. */
  inside: boolean
  /** A plain file, a link to an earlier entry, or a folder linked to an earlier folder. */
  kind: 'file' | 'link' | 'folder-link'
  /** Which earlier entry a link leads to (taken modulo how many there are). */
  target: number
}

const entry = fc.record({
  inside: fc.boolean(),
  kind: fc.constantFrom<Entry['kind']>('file', 'link', 'folder-link'),
  target: fc.nat(),
})

describe('readRegularFile within a folder (property)', () => {
  it('reads a name exactly when it really leads inside, and refuses it otherwise', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 8 }), async (entries) => {
        const base = await tempFolder('discussions-read-within-')
        const project = join(base, 'project')
        const away = join(base, 'away')
        await mkdir(join(project, 'f'), { recursive: true })
        await mkdir(join(away, 'f'), { recursive: true })
        // Every entry is a name of a file (direct, or through links); folders hold one file each.
        const files: string[] = []
        const folders: string[] = [join(project, 'f'), join(away, 'f')]
        for (const [index, spec] of entries.entries()) {
          const home = spec.inside ? project : away
          const name = join(home, `e${index}`)
          if (spec.kind === 'file' || files.length === 0) {
            await writeFile(name, `file ${index}\n`)
            files.push(name)
          } else if (spec.kind === 'link') {
            await symlink(files[spec.target % files.length] as string, name)
            files.push(name)
          } else {
            const folder = folders[spec.target % folders.length] as string
            await writeFile(join(folder, `in${index}`), `file in ${index}\n`).catch(() => undefined)
            await symlink(folder, name)
            folders.push(name)
            files.push(join(name, `in${index}`))
          }
        }
        const realProject = await realpath(project)
        for (const file of files.filter((name) => name.startsWith(project))) {
          const leadsInside = isInside(realProject, await realpath(file))
          let outcome: 'read' | 'outside'
          try {
            readRegularFile(file, 1024, { within: project })
            outcome = 'read'
          } catch (error) {
            expect(error).toBeInstanceOf(NotReadableError)
            expect((error as NotReadableError).code).toBe('EOUTSIDE')
            outcome = 'outside'
          }
          expect(outcome).toBe(leadsInside ? 'read' : 'outside')
        }
      }),
      { numRuns: 40 },
    )
  })
})

import { useEffect, useState } from 'react'

import { useApi } from '../../api/ApiContext'
import { loadDiagram } from './diagram-loader'
import type { LoadedDiagram } from './diagram-loader'

/** The rendered diagram `ref` of discussion `path`; undefined while it loads. */
export function useDiagram(path: string, ref: string, version: number): LoadedDiagram | undefined {
  const api = useApi()
  const [loaded, setLoaded] = useState<LoadedDiagram | undefined>(undefined)
  useEffect(() => {
    let live = true
    void loadDiagram(api, path, ref, version).then((result) => {
      if (live) setLoaded(result)
    })
    return () => {
      live = false
    }
  }, [api, path, ref, version])
  return loaded
}

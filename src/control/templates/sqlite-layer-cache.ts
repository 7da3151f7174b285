// This host's step cache (LayerCache) in templates.db: the image of each built step by cache key,
// with the build context right after it. Node-local (its layers are this host's images) and
// synchronous, so it stays in SQLite even when the catalog is in a cluster's PostgreSQL.
import type { DatabaseSync } from 'node:sqlite'
import type { LayerCache } from '../../node/builds/build-plan.js'
import type { Row } from './templates-db.js'

export class SqliteLayerCache implements LayerCache {
  /** `db` (openTemplatesDb) is closed by its owner. */
  constructor(private readonly db: DatabaseSync) {}

  /** A cached layer and the build context (user, workdir, expanded env) right after it. */
  cachedLayer<C>(key: string): { image: string; context: C } | undefined {
    const r = this.db.prepare('SELECT image, context FROM layer_cache WHERE key = ?').get(key) as Row | undefined
    return r ? { image: r.image as string, context: JSON.parse(r.context as string) as C } : undefined
  }

  cacheLayer(key: string, image: string, context: unknown): void {
    this.db
      .prepare(
        'INSERT INTO layer_cache (key, image, context, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET image = excluded.image, context = excluded.context, created_at = excluded.created_at',
      )
      .run(key, image, JSON.stringify(context), new Date().toISOString())
  }

  forgetLayer(key: string): void {
    this.db.prepare('DELETE FROM layer_cache WHERE key = ?').run(key)
  }
}

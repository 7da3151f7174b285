// The polling watchers envd holds (watchers.ts serves them): by id, with the events not yet fetched.
import type { FilesystemEvent } from '../../gen/filesystem/filesystem_pb.js'
import type { DirWatch } from './fs-watcher.js'

export type WatcherEntry = { watch: DirWatch; buffered: FilesystemEvent[]; error: Error | undefined }
export type WatcherRegistry = Map<string, WatcherEntry>

export function createWatcherRegistry(): WatcherRegistry {
  return new Map()
}

/** Closes every polling watcher (daemon shutdown). */
export async function closeAllWatchers(watchers: WatcherRegistry): Promise<void> {
  await Promise.all([...watchers.values()].map((w) => w.watch.close()))
  watchers.clear()
}

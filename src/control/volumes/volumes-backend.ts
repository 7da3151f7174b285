// What the volume routes and the volume content API ask of a volume store: this host's
// (volume-store.ts, metadata from Docker) or a cluster's (cluster/pg-volume-store.ts, metadata in
// PostgreSQL and data on a directory every node and replica shares). Either may answer at once or
// later, so the routes await every answer.
import type { BackedVolume } from '../../node/runtime/types.js'
import type { VolumeFs } from '../../node/volumes/volume-fs.js'

export type Volume = BackedVolume

type Answer<T> = T | Promise<T>

export interface VolumesBackend {
  /** 400 `Invalid volume name` or `Volume with name '<n>' already exists`. */
  create(name: string): Promise<Volume>
  /** Oldest first. */
  list(): Answer<Volume[]>
  /** 400 `Invalid volume ID` (not a UUID), 404 `Volume not found`. */
  get(volumeId: string): Answer<Volume>
  /** Deletes the volume and its data; sandboxes that mount it are not checked (upstream). 404 when there is none. */
  remove(volumeId: string): Promise<void>
  /** The content operations of a volume (404 when it does not exist). */
  content(volumeId: string): Answer<VolumeFs>
}

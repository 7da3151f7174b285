// Wire shapes of the volume content API (E2B spec/openapi-volumecontent.yml): its own error body,
// `{code: <string>, message}`, and VolumeEntryStat.
import { Type } from 'typebox'
import type { VolumesBackend } from '../../volumes/volumes-backend.js'
import type { VolumeTokens } from '../../volumes/volume-tokens.js'

export const ContentError = Type.Object({ code: Type.String(), message: Type.String() })
export const ContentParams = Type.Object({ volumeID: Type.String() })

const Id = Type.Integer({ minimum: 0, maximum: 4294967294 })
// Permission bits only: no setuid, setgid or sticky bits on files the host's root writes.
const Mode = Type.Integer({ minimum: 0, maximum: 0o777 })
const Path = Type.String({ minLength: 1 })

export const PathQuery = Type.Object({ path: Path })
export const ListQuery = Type.Object({ path: Path, depth: Type.Integer({ minimum: 1, maximum: 10, default: 1 }) })
export const CreateQuery = Type.Object({
  path: Path,
  uid: Type.Optional(Id),
  gid: Type.Optional(Id),
  mode: Type.Optional(Mode),
  force: Type.Boolean({ default: false }),
})
export const MetadataUpdate = Type.Object({ uid: Type.Optional(Id), gid: Type.Optional(Id), mode: Type.Optional(Mode) })

export const VolumeEntryStat = Type.Object({
  name: Type.String(),
  type: Type.Union([Type.Literal('unknown'), Type.Literal('file'), Type.Literal('directory'), Type.Literal('symlink')]),
  path: Type.String(),
  size: Type.Integer(),
  mode: Type.Integer(),
  uid: Type.Integer(),
  gid: Type.Integer(),
  atime: Type.String(),
  mtime: Type.String(),
  ctime: Type.String(),
  target: Type.Optional(Type.String()),
})

export type ContentRouteDeps = { volumes: VolumesBackend; volumeTokens: VolumeTokens }

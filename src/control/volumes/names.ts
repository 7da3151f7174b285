// Volume names and ids, pure: names as upstream's spec allows, ids as UUIDs (upstream parses them).
export const VOLUME_NAME_PATTERN = /^[a-zA-Z0-9_-]+$/
export const MAX_VOLUME_NAME_CHARS = 128
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isVolumeName = (name: string) => name.length <= MAX_VOLUME_NAME_CHARS && VOLUME_NAME_PATTERN.test(name)
export const isVolumeId = (id: string) => UUID.test(id)
